#!/usr/bin/env node
// The type check: `node test/support/bin/tsc.mjs -p <tsconfig>` runs TypeScript 7's native compiler
// (devDependency `typescript-native`, an alias of typescript@7) with `--noEmit`. It checks the
// backend in about a fifth of the CPU TypeScript 5.9 took (docs/decisions.md, "Test suite: the type
// check on TypeScript 7"). The `typescript` package stays 5.9: typescript-eslint needs its JavaScript
// API, which 7 does not have. Both packages name their binary `tsc` and npm links whichever it
// installs last, so this calls 7 by its path.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const manifest = createRequire(import.meta.url).resolve('typescript-native/package.json');
const compiler = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.tsc);
const { status, signal } = spawnSync(process.execPath, [compiler, '--noEmit', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(status ?? (signal ? 1 : 0));
