import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TEST_V8_FLAGS } from '../v8-tiering';

const TUNED = path.join(__dirname, 'tuned.mjs');
const ROOT = path.resolve(__dirname, '../../..');

/**
 * The command line of the child that tuned.mjs (process `parent`) starts, read from Linux's /proc
 * once the child has its own: between fork and exec it still shows tuned.mjs's.
 */
async function childCommandLine(parent: number): Promise<string[]> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parentId = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const commandLine = parentId === parent ? readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean) : [];
        if (commandLine.length > 0 && !commandLine.includes(TUNED)) return commandLine;
      } catch {
        // The process ended while it was read.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No child of ${parent} appeared`);
}

describe('test/support/bin/tuned.mjs', () => {
  it('runs the installed command on node with the test processes’ V8 flags, and exits with its status', async () => {
    const run = spawn(process.execPath, [TUNED, 'eslint', '--stdin', '--stdin-filename', 'example.mjs'], { cwd: ROOT });
    const exited = new Promise<number | null>((resolve) => run.on('close', resolve));
    const commandLine = await childCommandLine(run.pid!);
    run.stdin.end('export const answer = 42;\n');

    expect(commandLine.slice(0, TEST_V8_FLAGS.length + 2)).toEqual([
      process.execPath,
      ...TEST_V8_FLAGS,
      path.join(ROOT, 'node_modules/.bin/eslint'),
    ]);
    expect(await exited).toBe(0);
  });

  it('passes on the command’s failure', () => {
    const run = spawnSync(process.execPath, [TUNED, 'eslint', '--stdin', '--stdin-filename', 'example.mjs'], {
      cwd: ROOT,
      input: 'const unused = 1;\n',
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('no-unused-vars');
  });

  it('names its usage and exits 2 without a command', () => {
    const run = spawnSync(process.execPath, [TUNED], { encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({
      status: 2,
      stderr: expect.stringContaining('usage: node test/support/bin/tuned.mjs'),
    });
  });
});
