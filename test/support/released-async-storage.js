/**
 * Node 20 keeps every AsyncLocalStorage that has run in one process-wide list, and while the list
 * is not empty a hook walks all of it for every promise and async resource created, until the
 * instance's `disable()`. Each test file loads its own copy of the modules that hold one (jest-circus's
 * test context, the product's log request scope, cognito-local's request), so a jest worker's list
 * grew by one or more per file it had run, and every later file paid for all of them. At the end of
 * a file its instances are released; one that runs again (`run`, `enterWith`) enables itself again.
 *
 * A mixin for a jest environment class, like quiet-output.js.
 */
const { AsyncLocalStorage } = require('node:async_hooks');

/** The instances that have run since the last file ended (one file runs at a time in a process). */
const ran = new Set();
for (const method of ['run', 'enterWith']) {
  const original = AsyncLocalStorage.prototype[method];
  AsyncLocalStorage.prototype[method] = function recordThenRun(...args) {
    ran.add(this);
    return original.apply(this, args);
  };
}

/** @param {new (...args: any[]) => import('@jest/environment').JestEnvironment} Base */
function withReleasedAsyncStorage(Base) {
  return class ReleasedAsyncStorageEnvironment extends Base {
    async teardown() {
      for (const storage of ran) storage.disable();
      ran.clear();
      await super.teardown();
    }
  };
}

module.exports = { withReleasedAsyncStorage };
