import * as fs from 'node:fs';
import * as path from 'node:path';
import { LocalRuntimeError } from '../../../local/errors';
import { bundleLambda, type LambdaBundle } from '../../../local/lambda/bundle';
import { createLambdaFunction, type LambdaFunction, type LambdaFunctionOptions } from '../../../local/lambda/host';
import type { ProbeEvent, ProbeResult } from '../fixtures/lambdas/container-probe';
import { startInvocationGates, type InvocationGates } from '../support/invocation-gates';
import { temporaryFolder } from '../support/local-services';

/**
 * The local Lambda host keeps Lambda's concurrency model: each container (worker thread) serves
 * one invocation at a time, idle containers are reused, busy ones make room for a cold start up
 * to the function's limit, and a timeout or crash costs only its own invocation and container.
 * The probe handler reports which container served it; gates keep invocations running until
 * the test lets them go, so nothing here depends on timing.
 */

const buildDir = temporaryFolder('lambda-host');
let probe: LambdaBundle;
let gates: InvocationGates;
const functions: LambdaFunction[] = [];

beforeAll(async () => {
  probe = await bundleLambda('ProbeFunction', 'test/local/fixtures/lambdas/container-probe.ts', buildDir.path);
  gates = await startInvocationGates();
}, 30_000);

afterEach(async () => {
  await Promise.all(functions.splice(0).map((lambda) => lambda.stop()));
});

afterAll(async () => {
  await gates?.stop();
  buildDir.remove();
});

function probeFunction(options: Partial<LambdaFunctionOptions> = {}) {
  const lambda = createLambdaFunction({ bundle: probe, functionName: 'talentpilot-local-ProbeFunction', environment: {}, ...options });
  functions.push(lambda);
  return {
    warm: () => lambda.warm(),
    stop: () => lambda.stop(),
    invoke: (event: ProbeEvent) => lambda.invoke(event) as Promise<ProbeResult>,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the local Lambda host', () => {
  it('serves consecutive invocations from the one warm container, keeping its module state', async () => {
    const lambda = probeFunction();
    await lambda.warm();

    const first = await lambda.invoke({});
    const second = await lambda.invoke({});

    expect(first.invocation).toBe(1);
    expect(second).toEqual({ containerId: first.containerId, invocation: 2 });
  });

  it('runs concurrent invocations in parallel containers and reuses the most recently used one', async () => {
    const lambda = probeFunction();
    await lambda.warm();

    const one = lambda.invoke({ gate: gates.url('parallel-1') });
    const two = lambda.invoke({ gate: gates.url('parallel-2') });
    // Both handlers are running at once: neither waits for the other to finish.
    const [container1, container2] = await Promise.all([gates.arrived('parallel-1'), gates.arrived('parallel-2')]);
    gates.open('parallel-1');
    const first = await one;
    gates.open('parallel-2');
    const second = await two;
    const next = await lambda.invoke({});

    expect(container1).not.toBe(container2);
    expect([first, second]).toEqual([
      { containerId: container1, invocation: 1 },
      { containerId: container2, invocation: 1 },
    ]);
    expect(next).toEqual({ containerId: container2, invocation: 2 });
  });

  it('fails only the invocation that times out and discards only its container', async () => {
    const lambda = probeFunction({ timeoutMs: 2_000 });
    await lambda.warm();

    const stuck = lambda.invoke({ gate: gates.url('timeout-stuck') });
    const stuckContainer = await gates.arrived('timeout-stuck');
    // Starts half a timeout later, so it is still running, well within its own limit, when the first one times out.
    await sleep(1_000);
    const running = lambda.invoke({ gate: gates.url('timeout-running') });
    const runningContainer = await gates.arrived('timeout-running');
    await expect(stuck).rejects.toMatchObject({ kind: 'timeout', message: 'Task timed out after 2.00 seconds' });
    gates.open('timeout-running');

    expect(await running).toEqual({ containerId: runningContainer, invocation: 1 });
    expect(runningContainer).not.toBe(stuckContainer);
    expect(await lambda.invoke({})).toEqual({ containerId: runningContainer, invocation: 2 });
  });

  it('fails only the invocation whose container crashes, while another one completes', async () => {
    const lambda = probeFunction();
    await lambda.warm();

    const running = lambda.invoke({ gate: gates.url('crash-running') });
    const runningContainer = await gates.arrived('crash-running');
    await expect(lambda.invoke({ crash: true })).rejects.toMatchObject({
      kind: 'crash',
      message: expect.stringContaining('Deliberate crash'),
    });
    gates.open('crash-running');

    expect(await running).toEqual({ containerId: runningContainer, invocation: 1 });
  });

  it('starts a fresh container (a cold start) for the invocation after a crash', async () => {
    const lambda = probeFunction();
    await lambda.warm();

    const before = await lambda.invoke({});
    await expect(lambda.invoke({ crash: true })).rejects.toMatchObject({ kind: 'crash' });
    const after = await lambda.invoke({});

    expect(after.containerId).not.toBe(before.containerId);
    expect(after.invocation).toBe(1);
  });

  it('queues invocations beyond maxConcurrency and serves them in order as containers free up', async () => {
    const lambda = probeFunction({ maxConcurrency: 2 });

    const one = lambda.invoke({ gate: gates.url('queue-1') });
    const two = lambda.invoke({ gate: gates.url('queue-2') });
    const [container1, container2] = await Promise.all([gates.arrived('queue-1'), gates.arrived('queue-2')]);
    const third = lambda.invoke({});
    const fourth = lambda.invoke({});
    gates.open('queue-1');

    expect(await one).toEqual({ containerId: container1, invocation: 1 });
    expect(await third).toEqual({ containerId: container1, invocation: 2 });
    expect(await fourth).toEqual({ containerId: container1, invocation: 3 });
    gates.open('queue-2');
    expect(await two).toEqual({ containerId: container2, invocation: 1 });
  });

  it('starts a queued invocation’s timeout when it runs, in a fresh container when the busy one timed out', async () => {
    const lambda = probeFunction({ maxConcurrency: 1, timeoutMs: 1_500, maxQueueWaitMs: 30_000 });

    const stuck = lambda.invoke({ gate: gates.url('queued-stuck') });
    const stuckContainer = await gates.arrived('queued-stuck');
    const queued = lambda.invoke({});

    await expect(stuck).rejects.toMatchObject({ kind: 'timeout' });
    const served = await queued;
    expect(served.containerId).not.toBe(stuckContainer);
    expect(served.invocation).toBe(1);
  });

  it('fails an invocation that waited longer than maxQueueWaitMs for a container (throttle)', async () => {
    const lambda = probeFunction({ maxConcurrency: 1, maxQueueWaitMs: 200 });

    const running = lambda.invoke({ gate: gates.url('throttle-running') });
    const container = await gates.arrived('throttle-running');
    await expect(lambda.invoke({})).rejects.toMatchObject({
      kind: 'throttle',
      message: expect.stringMatching(/^TooManyRequestsException: .*maxConcurrency 1/),
    });
    gates.open('throttle-running');

    expect(await running).toEqual({ containerId: container, invocation: 1 });
  });

  it('stop() fails running and queued invocations clearly; a later invocation starts afresh', async () => {
    const lambda = probeFunction({ maxConcurrency: 1 });

    const running = lambda.invoke({ gate: gates.url('stop-running') });
    const container = await gates.arrived('stop-running');
    const queued = lambda.invoke({});
    await lambda.stop();

    await expect(running).rejects.toMatchObject({ kind: 'crash', message: 'The local runtime is stopping.' });
    await expect(queued).rejects.toMatchObject({ kind: 'crash', message: 'The local runtime is stopping.' });
    const after = await lambda.invoke({});
    expect(after.containerId).not.toBe(container);
  });

  it('reports a handler that fails while loading, at warm() and at every invocation', async () => {
    const file = path.join(buildDir.path, 'lambdas', 'BrokenFunction.js');
    fs.writeFileSync(file, "throw new Error('TABLE_NAME is not set');\n");
    const lambda = createLambdaFunction({
      bundle: { functionId: 'BrokenFunction', entry: 'lambdas/broken.ts', file },
      functionName: 'talentpilot-local-BrokenFunction',
      environment: {},
    });
    functions.push(lambda);

    await expect(lambda.warm()).rejects.toThrow(
      new LocalRuntimeError('The Lambda handler lambdas/broken.ts fails while loading: TABLE_NAME is not set'),
    );
    await expect(lambda.invoke({})).rejects.toThrow(LocalRuntimeError);
  });
});
