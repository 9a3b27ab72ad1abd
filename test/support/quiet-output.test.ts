import { withQuietOutput } from './quiet-output';

/** A stand-in for jest's environment: a global with jest's console and a copy of `process`. */
class FakeEnvironment {
  global: { console: Console; process: NodeJS.Process & { env: Record<string, string> } };
  constructor(jestConsole: object) {
    const processCopy = Object.create(process, { env: { value: {}, writable: true } });
    this.global = { console: jestConsole as unknown as Console, process: processCopy };
  }
  async setup(): Promise<void> {}
}

function jestConsoleRecorder() {
  const calls: string[] = [];
  const record =
    (method: string) =>
    (...args: unknown[]) =>
      void calls.push(`${method}: ${args.map(String).join(' ')}`);
  return { calls, log: record('log'), error: record('error'), warn: record('warn'), info: record('info') };
}

async function quietEnvironment() {
  const jestConsole = jestConsoleRecorder();
  const QuietEnvironment = withQuietOutput(FakeEnvironment);
  const environment = new QuietEnvironment(jestConsole);
  await environment.setup();
  return { environment, jestConsole };
}

const testDone = (errors: unknown[]) => ({ name: 'test_done', test: { errors } });

describe('quiet test output', () => {
  it('hands nothing to jest when the test passes', async () => {
    const { environment, jestConsole } = await quietEnvironment();
    environment.global.console.log('a log line');
    environment.global.process.stdout.write('{"level":"info"}\n');
    await environment.handleTestEvent(testDone([]), {});
    expect(jestConsole.calls).toEqual([]);
  });

  it('replays console and standard output, in order, when the test fails', async () => {
    const { environment, jestConsole } = await quietEnvironment();
    environment.global.console.warn('before');
    environment.global.process.stdout.write('{"level":"info"}\n');
    environment.global.process.stderr.write('oops\n');
    await environment.handleTestEvent(testDone([new Error('failed')]), {});
    expect(jestConsole.calls).toEqual(['warn: before', 'log: {"level":"info"}', 'error: oops']);
  });

  it('forgets what a passing test wrote, so the next failure shows only its own output', async () => {
    const { environment, jestConsole } = await quietEnvironment();
    environment.global.console.log('from the passing test');
    await environment.handleTestEvent(testDone([]), {});
    environment.global.console.log('from the failing test');
    await environment.handleTestEvent(testDone(['boom']), {});
    expect(jestConsole.calls).toEqual(['log: from the failing test']);
  });

  it('replays what was held when a hook fails', async () => {
    const { environment, jestConsole } = await quietEnvironment();
    environment.global.console.error('setup went wrong');
    await environment.handleTestEvent({ name: 'hook_failure' }, {});
    expect(jestConsole.calls).toEqual(['error: setup went wrong']);
  });

  it("turns off the SDK's Node 20 warning inside tests", async () => {
    const { environment } = await quietEnvironment();
    expect(environment.global.process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED).toBe('true');
  });
});
