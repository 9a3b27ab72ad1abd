import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

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

/** Source modules every first visit needs right after the entry: the config validator and `/`. */
const STARTUP_MODULES = [/\/src\/config\/parse-runtime-config\.ts$/, /\/src\/app\/routes\/home\.tsx$/];

/**
 * Builds only: `<link rel="modulepreload">` for the startup chunks (and their imports) and a
 * style preload for their CSS, so the browser fetches them with the entry instead of after it
 * ran (Lighthouse's network dependency tree: HTML → entry → validator → home was three round
 * trips before the first paint). The chunk names are hashed, so only the build knows them.
 */
function preloadStartupChunks(): Plugin {
  return {
    name: 'preload-startup-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle as OutputBundle | undefined;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const entryImports = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (chunk: OutputChunk | undefined) => {
          if (!chunk || entryImports.has(chunk.fileName) || scripts.has(chunk.fileName)) return;
          scripts.add(chunk.fileName);
          for (const css of (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) styles.add(css);
          for (const name of chunk.imports) visit(chunks.find((other) => other.fileName === name));
        };
        for (const chunk of chunks) {
          if (chunk.facadeModuleId && STARTUP_MODULES.some((pattern) => pattern.test(chunk.facadeModuleId ?? ''))) visit(chunk);
        }
        return [
          ...[...scripts].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...[...styles].map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

/** The public web app: `npx vite build --config web/vite.config.ts` writes web/dist. */
export default defineConfig({
  root: webRoot,
  plugins: [react(), devRuntimeConfig(), preloadStartupChunks()],
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
