/**
 * The yardstick for the home route's JavaScript: a bare React + react-router-dom app (one route,
 * one heading) built in the same run with the same Vite, React plugin and target as web/, from
 * the project's node_modules. What the product loads beyond it is the product's own weight.
 * It is written into a throwaway folder inside the repository (`.local/`, ignored by git), so
 * module resolution finds node_modules as it does for web/ (a symlinked node_modules in /tmp
 * makes Vite resolve its own modules through the link and fail).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';

const ROOT = path.resolve(__dirname, '..', '..');

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Bare</title></head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`;

const MAIN_TSX = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const router = createBrowserRouter([{ path: '/', element: <h1>Hello</h1> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`;

/** Writes the bare app into a throwaway folder, builds it into `outDir` and removes the sources. */
export async function buildBareApp(outDir: string): Promise<string> {
  fs.mkdirSync(path.join(ROOT, '.local'), { recursive: true });
  const folder = fs.mkdtempSync(path.join(ROOT, '.local', 'bench-bare-app-'));
  try {
    await buildIn(folder, outDir);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return outDir;
}

// As web/vite.config.ts builds the product: the React plugin, target es2022.
const VITE_CONFIG = `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({ plugins: [react()], build: { target: 'es2022' } });
`;

/** Vite runs as a child process, as for the product (in-process under tsx it misresolves its own modules). */
async function buildIn(folder: string, outDir: string): Promise<void> {
  fs.writeFileSync(path.join(folder, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(folder, 'main.tsx'), MAIN_TSX);
  fs.writeFileSync(path.join(folder, 'vite.config.mjs'), VITE_CONFIG);
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', path.join(folder, 'vite.config.mjs'), '--outDir', outDir, '--emptyOutDir', '--logLevel', 'silent'], {
    cwd: folder,
    stdio: 'inherit',
  });
}
