import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * `vite dev` only: serves `/config.json` from WEB_CONFIG (a path) or the local runtime's
 * `.local/web/config.json`, so the dev server talks to `npm start`'s endpoints. Builds never
 * contain a config.json: it is published per stage next to index.html.
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'dev-runtime-config',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/config.json', (_req, res, next) => {
        const file = process.env.WEB_CONFIG ?? `${repoRoot}.local/web/config.json`;
        if (!existsSync(file)) return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(readFileSync(file));
      });
    },
  };
}

/** The public web app: `npx vite build --config web/vite.config.ts` writes web/dist. */
export default defineConfig({
  root: webRoot,
  plugins: [react(), devRuntimeConfig()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    host: '127.0.0.1',
    fs: { allow: [repoRoot] },
  },
});
