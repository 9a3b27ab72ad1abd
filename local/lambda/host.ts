import { DEFAULT_FUNCTION_MEMORY_MB, DEFAULT_FUNCTION_TIMEOUT_SECONDS } from '../../lib/definitions/function-defaults';
import type { LambdaBundle } from './bundle';
import { LambdaInvocationError, startContainer, type Container, type LocalDynamoDbAccess } from './container';

export { LambdaInvocationError } from './container';

/**
 * Runs a bundled Lambda function the way Lambda does: a pool of local "containers" (worker
 * threads, container.ts), each with exactly the variables the function's construct sets and
 * serving one invocation at a time. An idle container is reused (the most recently used first,
 * so module state and connections stay warm); when all are busy a new one starts (a cold start),
 * up to `maxConcurrency`; beyond it invocations wait in a FIFO queue. A timeout or a crash
 * discards only the container concerned and fails only its invocation. The REST adapter and the
 * Cognito trigger endpoint invoke handlers through it.
 */

/**
 * Containers per function. Lambda would start up to the account's concurrency (1,000); on a
 * 2-core machine more threads than this only add cold starts and memory (each container loads
 * the SDK), while handlers mostly wait on DynamoDB, so a few containers serve hundreds of
 * requests per second.
 */
export const DEFAULT_LAMBDA_MAX_CONCURRENCY = 6;

export interface LambdaFunctionOptions {
  readonly bundle: LambdaBundle;
  /** Function name in contexts and logs, e.g. `talentpilot-local-GetPlansFunction`. */
  readonly functionName: string;
  /** The function's environment variables (nothing else of the host's environment leaks in). */
  readonly environment: Readonly<Record<string, string>>;
  /** The handler's time limit; it starts when the invocation runs, not while it waits for a container. */
  readonly timeoutMs?: number;
  readonly memoryLimitInMB?: number;
  /** At most this many containers at once (default {@link DEFAULT_LAMBDA_MAX_CONCURRENCY}). */
  readonly maxConcurrency?: number;
  /**
   * How long an invocation may wait for a free container before it fails with kind `throttle`
   * (default: the function's timeout, so a caller waits at most twice the timeout, under API
   * Gateway's 29 s integration limit, and nothing hangs forever).
   */
  readonly maxQueueWaitMs?: number;
  /** The runtime's dynalite, reached in process by the handler's DynamoDB clients (container.ts). */
  readonly dynamodb?: LocalDynamoDbAccess;
}

export interface LambdaFunction {
  readonly functionName: string;
  /** Starts one container and loads the handler; a load failure is a {@link LocalRuntimeError}. */
  warm(): Promise<void>;
  invoke(event: unknown): Promise<unknown>;
  /** Ends every container and fails running and queued invocations; a later invoke starts afresh. */
  stop(): Promise<void>;
}

interface Waiter {
  resolve(container: Container): void;
  reject(error: Error): void;
  readonly timer: NodeJS.Timeout;
}

export function createLambdaFunction(options: LambdaFunctionOptions): LambdaFunction {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FUNCTION_TIMEOUT_SECONDS * 1000;
  const maxConcurrency = Math.max(1, options.maxConcurrency ?? DEFAULT_LAMBDA_MAX_CONCURRENCY);
  const maxQueueWaitMs = options.maxQueueWaitMs ?? timeoutMs;
  /** Every container alive: starting, busy or idle. */
  const containers = new Set<Container>();
  /** Idle containers, the most recently used last. */
  const idle: Container[] = [];
  const queue: Waiter[] = [];
  let warming: Promise<void> | undefined;

  /** A new container, ready to serve; it leaves the pool when it ends. */
  const coldStart = async (): Promise<Container> => {
    const container: Container = startContainer({
      bundle: options.bundle,
      functionName: options.functionName,
      environment: options.environment,
      timeoutMs,
      memoryLimitInMB: options.memoryLimitInMB ?? DEFAULT_FUNCTION_MEMORY_MB,
      onEnd: () => forget(container),
      dynamodb: options.dynamodb,
    });
    containers.add(container);
    await container.ready;
    return container;
  };

  /** A container ended: the first waiter, if any, gets a cold start in its place. */
  const forget = (container: Container) => {
    if (!containers.delete(container)) return;
    const index = idle.indexOf(container);
    if (index >= 0) idle.splice(index, 1);
    const waiter = queue.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      coldStart().then(waiter.resolve, waiter.reject);
    }
  };

  /** A container finished an invocation: the longest waiter gets it, or it waits as the warmest idle one. */
  const release = (container: Container) => {
    if (!container.alive) return;
    const waiter = queue.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.resolve(container);
    } else idle.push(container);
  };

  const acquire = (): Promise<Container> => {
    const warm = idle.pop();
    if (warm) return Promise.resolve(warm);
    if (containers.size < maxConcurrency) return coldStart();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(
            new LambdaInvocationError(
              `TooManyRequestsException: no container of ${options.functionName} was free within ${(maxQueueWaitMs / 1000).toFixed(2)} seconds (maxConcurrency ${maxConcurrency})`,
              'throttle',
            ),
          );
        }, maxQueueWaitMs),
      };
      waiter.timer.unref();
      queue.push(waiter);
    });
  };

  return {
    functionName: options.functionName,
    warm() {
      if (containers.size > 0 && !warming) return Promise.resolve();
      warming ??= coldStart()
        .then(release)
        .finally(() => (warming = undefined));
      return warming;
    },
    async invoke(event) {
      const container = await acquire();
      try {
        return await container.run(event);
      } finally {
        // A handler error leaves the container alive; a timeout or crash has already removed it.
        release(container);
      }
    },
    async stop() {
      const stopping = new LambdaInvocationError('The local runtime is stopping.', 'crash');
      for (const waiter of queue.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.reject(stopping);
      }
      idle.length = 0;
      await Promise.all([...containers].map((container) => container.end(stopping)));
    },
  };
}
