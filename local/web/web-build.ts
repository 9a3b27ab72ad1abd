import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LocalRuntimeError } from '../errors';
import { REPO_ROOT } from '../paths';

/**
 * Decides whether web/dist is missing or older than its sources and, if asked, rebuilds it
 * with Vite in a child process (in parallel with the rest of the start).
 */

/** What the web build reads: the web app and the shared contracts/domain it imports. */
const WEB_SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'lambdas/shared/contracts',
  'lambdas/shared/domain',
];

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export type WebBuildState = 'fresh' | 'missing' | 'stale';

export function webBuildState(distDir: string): WebBuildState {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return 'missing';
  const built = fs.statSync(index).mtimeMs;
  const sources = Math.max(...WEB_SOURCES.map((source) => newestMtime(path.join(REPO_ROOT, source))));
  return sources > built ? 'stale' : 'fresh';
}

/** Runs `vite build` for web/ (the same build `npm run build:web` does); output is echoed on failure. */
export function buildWeb(): Promise<void> {
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!fs.existsSync(vite)) {
    return Promise.reject(
      new LocalRuntimeError('The web app is not built and Vite is not installed: run npm install, then npm run build:web.'),
    );
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => reject(new LocalRuntimeError(`The web build could not start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new LocalRuntimeError(`The web build failed (vite build exited with ${code}):\n${output.trim()}`));
    });
  });
}
