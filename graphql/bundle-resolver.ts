import { buildSync } from 'esbuild';
import * as path from 'node:path';

/** Repository root, from this file's folder. */
const ROOT = path.resolve(__dirname, '..');

export interface BundleResolverOptions {
  /**
   * Module that stands in for `@aws-appsync/utils` (the local runner's implementation of `util`).
   * Absent: the import stays external, as the AppSync runtime provides it.
   */
  readonly appsyncUtilsShim?: string;
}

/**
 * Bundles one APPSYNC_JS resolver the way AppSync wants it: a single ES module, ES2020,
 * `@aws-appsync/utils` external, no minification (AppSync error lines stay readable).
 * CDK (deploy) and the local AppSync runner (offline) both call this, so they run the same code.
 */
export function bundleResolverSync(entry: string, options: BundleResolverOptions = {}): string {
  const result = buildSync({
    entryPoints: [path.resolve(ROOT, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2020',
    sourcemap: 'inline',
    sourcesContent: false,
    minify: false,
    logLevel: 'silent',
    external: options.appsyncUtilsShim ? [] : ['@aws-appsync/utils'],
    alias: options.appsyncUtilsShim ? { '@aws-appsync/utils': options.appsyncUtilsShim } : undefined,
  });
  return result.outputFiles[0].text;
}
