import { EventEmitter } from 'node:events';
import * as fs from 'node:fs';
import { withFileExit } from './file-exit';

/** A stand-in for jest's environment: a global whose `process` is the one given. */
class FakeEnvironment {
  readonly global: { process: NodeJS.Process };
  constructor(fileProcess: object) {
    this.global = { process: fileProcess as NodeJS.Process };
  }
  async setup(): Promise<void> {}
  async teardown(): Promise<void> {}
}

async function environmentOver(fileProcess: object) {
  const environment = new (withFileExit(FakeEnvironment))(fileProcess);
  await environment.setup();
  return environment;
}

describe("a test file's exit listeners", () => {
  it('run once when the file ends, with exit code 0; the ones it inherited do not run', async () => {
    const fileProcess = new EventEmitter();
    const calls: string[] = [];
    fileProcess.on('exit', () => calls.push('inherited'));
    const environment = await environmentOver(fileProcess);
    fileProcess.on('exit', (code: number) => calls.push(`added (${code})`));

    await environment.teardown();
    await environment.teardown();

    expect(calls).toEqual(['added (0)']);
    expect(fileProcess.listenerCount('exit')).toBe(1);
  });

  it("remove the temporary cloud assembly of an App without an outdir (aws-cdk-lib's own exit listener)", async () => {
    // aws-cdk-lib registers its listener when it loads: after the environment's setup, as in a test file.
    const environment = await environmentOver(process);
    const { App, Stack } = await import('aws-cdk-lib');
    const app = new App();
    new Stack(app, 'Scratch');
    const assembly = app.synth().directory;
    expect(fs.existsSync(assembly)).toBe(true);

    await environment.teardown();

    expect(fs.existsSync(assembly)).toBe(false);
  });
});
