import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundleResolverSync } from '../../graphql/bundle-resolver';
import { ADMIN_STANDING_FUNCTION, resolverEntry, type ResolverDefinition } from '../../lib/definitions/resolvers';
import { writeFileAtomic } from '../files';

/** The util shim that stands in for `@aws-appsync/utils` in local bundles. */
export const UTIL_SHIM = path.join(__dirname, 'util-shim.ts');

/** APPSYNC_JS code bundled twice from the same source: as AppSync gets it, and for local runs. */
export interface AppSyncCodeBundle {
  /** `Type.field` for a resolver's own code, the file's name for shared pipeline code. */
  readonly name: string;
  /** Source file, relative to the repository root (or absolute for test fixtures). */
  readonly entry: string;
  /** The bundle CDK deploys (`@aws-appsync/utils` external), written for linting and inspection. */
  readonly deployFile: string;
  readonly deployCode: string;
  /** The same code with `@aws-appsync/utils` bundled from the local shim. */
  readonly localCode: string;
}

/** A resolver's code, bundled. */
export interface ResolverBundle extends AppSyncCodeBundle {
  readonly definition: ResolverDefinition;
}

/** The code the pipeline resolvers share (ADMIN_STANDING_FUNCTION in lib/definitions/resolvers.ts). */
export interface PipelineBundles {
  /** Every pipeline resolver's own code. */
  readonly resolver: AppSyncCodeBundle;
  /** The admin standing function's code. */
  readonly adminStanding: AppSyncCodeBundle;
}

/** Where a resolver's source is; tests may point a definition at a fixture with `entry`. */
export type ResolverSource = ResolverDefinition & { readonly entry?: string };

/** Bundles one APPSYNC_JS file with `bundleResolverSync`, the function the GraphqlApi construct uses. */
function bundleAppSyncCode(name: string, entry: string, outDir: string): AppSyncCodeBundle {
  const deployCode = bundleResolverSync(entry);
  const deployFile = path.join(outDir, `${name}.js`);
  writeFileAtomic(deployFile, deployCode);
  const localCode = bundleResolverSync(entry, { appsyncUtilsShim: UTIL_SHIM });
  return { name, entry, deployFile, deployCode, localCode };
}

/** Bundles every resolver. */
export function bundleResolvers(resolvers: readonly ResolverSource[], buildDir: string): ResolverBundle[] {
  const outDir = path.join(buildDir, 'resolvers');
  fs.mkdirSync(outDir, { recursive: true });
  return resolvers.map((definition) => {
    const name = `${definition.typeName}.${definition.fieldName}`;
    return { definition, ...bundleAppSyncCode(name, definition.entry ?? resolverEntry(definition), outDir) };
  });
}

/** Bundles the code the pipeline resolvers share. */
export function bundlePipelineCode(buildDir: string): PipelineBundles {
  // Beside the resolvers: the lint runs ESLint from that one folder.
  const outDir = path.join(buildDir, 'resolvers');
  fs.mkdirSync(outDir, { recursive: true });
  return {
    resolver: bundleAppSyncCode('pipeline.resolver', ADMIN_STANDING_FUNCTION.pipelineCode, outDir),
    adminStanding: bundleAppSyncCode('pipeline.admin-standing', ADMIN_STANDING_FUNCTION.functionCode, outDir),
  };
}
