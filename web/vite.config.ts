import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { paths } from './src/config/paths';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The web's aliases for the backend code it shares (`@contracts/*` is lambdas/shared/contracts/*,
 * …), read from web/tsconfig.json's `paths`: the one list the type checker, this build and jest
 * (jest.config.js) all follow, so the web never reaches into lambdas/ by a relative path.
 */
function tsconfigAliases(): Alias[] {
  const { compilerOptions } = JSON.parse(readFileSync(`${webRoot}tsconfig.json`, 'utf8')) as {
    compilerOptions: { paths: Record<string, [string]> };
  };
  return Object.entries(compilerOptions.paths).map(([alias, [target]]) => ({
    find: new RegExp(`^${alias.replace('*', '(.*)')}$`),
    replacement: fileURLToPath(new URL(target.replace('*', '$1'), import.meta.url)),
  }));
}

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

/**
 * The route module of each path (`/` is home.tsx, `/sign-in` is sign-in.tsx, …), from the app's
 * own path table, so a renamed page fails the build instead of silently losing its preload.
 */
const ROUTE_MODULES = Object.values(paths).map((route) => ({
  route,
  module: new RegExp(`/src/app/routes/${route === '/' ? 'home' : route.slice(1)}\\.tsx$`),
}));

/**
 * Builds only: the code of the page at the visited address starts loading with the entry,
 * instead of after the entry has run (Lighthouse: the page's chunk was a second round trip
 * behind the 100 kB entry). The build writes each page's chunks (with their imports) and CSS
 * into `<script type="application/json" id="route-preloads">`; the small static
 * /route-preload.js (web/public) adds the preload links for `location.pathname`. An external
 * script because the Content-Security-Policy allows no inline script; `async`, so it never holds
 * up the first paint. The chunk names are hashed, so only the build knows them. config.json
 * is preloaded by index.html itself.
 */
function preloadFirstPage(): Plugin {
  return {
    name: 'preload-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle as OutputBundle | undefined;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const entryImports = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        const filesOf = (page: OutputChunk): string[] => {
          const scripts = new Set<string>();
          const styles = new Set<string>();
          const visit = (chunk: OutputChunk | undefined) => {
            if (!chunk || entryImports.has(chunk.fileName) || scripts.has(chunk.fileName)) return;
            scripts.add(chunk.fileName);
            for (const css of (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) styles.add(css);
            for (const name of chunk.imports) visit(chunks.find((other) => other.fileName === name));
          };
          visit(page);
          // A page loaded by another lazy module (the /services/<capability> route loads each
          // screen) needs that module too.
          for (const loader of chunks.filter((chunk) => chunk.dynamicImports.includes(page.fileName))) visit(loader);
          return [...scripts, ...styles].map((file) => `/${file}`);
        };
        const preloads: Record<string, string[]> = {};
        for (const { route, module } of ROUTE_MODULES) {
          const page = chunks.find((chunk) => module.test(chunk.facadeModuleId ?? ''));
          if (!page) throw new Error(`preload-first-page: no chunk for the page of ${route} (${module})`);
          preloads[route] = filesOf(page);
        }
        return [
          // `<` escaped: the JSON cannot end the script element early.
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'route-preloads' },
            children: JSON.stringify(preloads).replace(/</g, '\\u003c'),
            injectTo: 'head',
          },
          // High priority: an async script is otherwise fetched last, after the entry it should overtake.
          { tag: 'script', attrs: { async: true, fetchpriority: 'high', src: '/route-preload.js' }, injectTo: 'head' },
        ];
      },
    },
  };
}

/** The public web app: `npx vite build --config web/vite.config.ts` writes web/dist. */
export default defineConfig({
  root: webRoot,
  plugins: [react(), devRuntimeConfig(), preloadFirstPage()],
  resolve: { alias: tsconfigAliases() },
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
