#!/usr/bin/env node
// `node test/support/bin/tuned.mjs <command> [args]` runs an installed package's command (ESLint,
// Prettier) on node with the test processes' V8 flags (test/support/v8-tiering.js): these
// checks read each of the repository's 1,200 files once, and V8 optimized code for them that the
// next files barely used. With the flags, ESLint took 21 CPU-s instead of 26-28 and Prettier 16
// instead of 18-19 (docs/decisions.md, "V8's tier-up in the test processes"). On the command line,
// not in NODE_OPTIONS, which refuses these flags; any processes the command forks inherit them.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node test/support/bin/tuned.mjs <command in node_modules/.bin> [arguments]');
  process.exit(2);
}
const { TEST_V8_FLAGS } = createRequire(import.meta.url)('../v8-tiering.js');
const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'node_modules', '.bin', command);
const { status, signal } = spawnSync(process.execPath, [...TEST_V8_FLAGS, bin, ...args], { stdio: 'inherit' });
process.exit(status ?? (signal ? 1 : 0));
