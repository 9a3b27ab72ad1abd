/**
 * Tests log nothing unless they fail: everything a test writes through `console`, `process.stdout`
 * or `process.stderr` (the product's JSON log lines, the local runtime's messages) is held back and
 * handed to jest only when that test, or a hook around it, fails. `TEST_LOGS=1` shows everything.
 *
 * A mixin for a jest environment class, so the backend's node environment and the web's jsdom
 * environment share one rule.
 */
const { Writable } = require('node:stream');

const CONSOLE_METHODS = [
  'log',
  'info',
  'warn',
  'error',
  'debug',
  'trace',
  'dir',
  'table',
  'group',
  'groupCollapsed',
  'groupEnd',
  'count',
  'time',
  'timeEnd',
  'timeLog',
  'assert',
];

/** @param {new (...args: any[]) => import('@jest/environment').JestEnvironment} Base */
function withQuietOutput(Base) {
  return class QuietOutputEnvironment extends Base {
    constructor(config, context) {
      super(config, context);
      /** Output held back since the last test ended, replayed only if the next one fails. */
      this.heldOutput = [];
      this.showAll = Boolean(process.env.TEST_LOGS);
      // The SDK warns once per process that Node 20 support ends in 2027 (../shared/NOTES.md); the
      // Lambdas run on Node 22, so on this machine the warning says nothing about the product.
      this.global.process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
    }

    async setup() {
      await super.setup();
      if (this.showAll) return;
      const held = this.heldOutput;
      const jestConsole = this.global.console;
      const quietConsole = Object.create(jestConsole);
      for (const method of CONSOLE_METHODS) {
        if (typeof jestConsole[method] !== 'function') continue;
        quietConsole[method] = (...args) => void held.push(() => jestConsole[method](...args));
      }
      this.global.console = quietConsole;
      // The test's `process` is jest's copy of the real one: replacing its streams leaves jest's own output alone.
      for (const name of ['stdout', 'stderr']) {
        const real = process[name];
        const stream = new Writable({
          write(chunk, _encoding, done) {
            held.push(() => jestConsole[name === 'stdout' ? 'log' : 'error'](String(chunk).replace(/\n$/, '')));
            done();
          },
        });
        Object.assign(stream, { isTTY: false, columns: real.columns ?? 80, fd: real.fd });
        Object.defineProperty(this.global.process, name, { value: stream, configurable: true, writable: true });
      }
    }

    async handleTestEvent(event, state) {
      if (super.handleTestEvent) await super.handleTestEvent(event, state);
      if (event.name === 'hook_failure' || (event.name === 'test_done' && event.test.errors.length > 0)) this.replayHeldOutput();
      else if (event.name === 'test_done') this.heldOutput.length = 0;
    }

    replayHeldOutput() {
      for (const replay of this.heldOutput.splice(0)) replay();
    }
  };
}

module.exports = { withQuietOutput };
