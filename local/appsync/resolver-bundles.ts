import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundleResolverSync } from '../../graphql/bundle-resolver';
import { resolverEntry, type ResolverDefinition } from '../../lib/definitions/resolvers';
import { writeFileAtomic } from '../files';

/** The util shim that stands in for `@aws-appsync/utils` in local bundles. */
export const UTIL_SHIM = path.join(__dirname, 'util-shim.ts');

/** A resolver bundled twice from the same source: as AppSync gets it, and for local runs. */
export interface ResolverBundle {
  readonly definition: ResolverDefinition;
  /** `Type.field`. */
  readonly name: string;
  /** Source file, relative to the repository root (or absolute for test fixtures). */
  readonly entry: string;
  /** The bundle CDK deploys (`@aws-appsync/utils` external), written for linting and inspection. */
  readonly deployFile: string;
  readonly deployCode: string;
  /** The same code with `@aws-appsync/utils` bundled from the local shim. */
  readonly localCode: string;
}

/** Where a resolver's source is; tests may point a definition at a fixture with `entry`. */
export type ResolverSource = ResolverDefinition & { readonly entry?: string };

/** Bundles every resolver with `bundleResolverSync`, the function the GraphqlApi construct uses. */
export function bundleResolvers(resolvers: readonly ResolverSource[], buildDir: string): ResolverBundle[] {
  const outDir = path.join(buildDir, 'resolvers');
  fs.mkdirSync(outDir, { recursive: true });
  return resolvers.map((definition) => {
    const name = `${definition.typeName}.${definition.fieldName}`;
    const entry = definition.entry ?? resolverEntry(definition);
    const deployCode = bundleResolverSync(entry);
    const deployFile = path.join(outDir, `${name}.js`);
    writeFileAtomic(deployFile, deployCode);
    const localCode = bundleResolverSync(entry, { appsyncUtilsShim: UTIL_SHIM });
    return { definition, name, entry, deployFile, deployCode, localCode };
  });
}
