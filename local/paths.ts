import * as path from 'node:path';

/** Repository root (this file lives in `local/`). */
export const REPO_ROOT = path.resolve(__dirname, '..');

/** Default data folder: DynamoDB data, `endpoints.json` (and, later, the identity data). */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.local');

/** Build output shared by every local runtime of this checkout (bundles, lint cache). */
export const DEFAULT_BUILD_DIR = path.join(REPO_ROOT, '.local', 'build');

/** The built web app (Vite's output). */
export const DEFAULT_WEB_DIST_DIR = path.join(REPO_ROOT, 'web', 'dist');

/** Where the data of each local service lives inside the data folder. */
export function dataPaths(dataDir: string) {
  return {
    dynamodb: path.join(dataDir, 'dynamodb'),
    endpointsFile: path.join(dataDir, 'endpoints.json'),
    /** cognito-local's config, pool data and the outbox (local/identity). */
    cognito: path.join(dataDir, 'cognito'),
  } as const;
}
