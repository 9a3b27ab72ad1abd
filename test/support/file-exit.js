/**
 * A test file's `exit` listeners run when the file ends, as they would when a process ends.
 *
 * Each file gets its own copy of `process`, and a listener added to it never hears the worker's
 * real exit. aws-cdk-lib relies on one: an App without an `outdir` writes its cloud assembly to a
 * fresh folder in the system's temporary directory and removes those folders on `exit`. Without
 * this, every jest run left about 20 of them behind (45 MB: the full app's staged assets included),
 * and a developer's /tmp grew by that on every run. Listeners the file's `process` got from the
 * worker's own are left alone: only the ones the file added run, once.
 *
 * A mixin for a jest environment class, like quiet-output.js: the backend's and the web's.
 */

/** @param {new (...args: any[]) => import('@jest/environment').JestEnvironment} Base */
function withFileExit(Base) {
  return class FileExitEnvironment extends Base {
    async setup() {
      await super.setup();
      this.inheritedExitListeners = new Set(this.global.process.listeners('exit'));
    }

    async teardown() {
      const fileProcess = this.global.process;
      for (const listener of fileProcess.listeners('exit')) {
        if (this.inheritedExitListeners?.has(listener)) continue;
        fileProcess.removeListener('exit', listener);
        listener.call(fileProcess, 0);
      }
      await super.teardown();
    }
  };
}

module.exports = { withFileExit };
