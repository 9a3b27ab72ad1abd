import * as fs from 'node:fs';
import * as path from 'node:path';
import { temporaryFolder } from './local-services';

/** A minimal built web app (index.html only), so runtime tests do not depend on web/dist. */
export function fixtureWebDist(): ReturnType<typeof temporaryFolder> {
  const dist = temporaryFolder('web-dist');
  fs.writeFileSync(path.join(dist.path, 'index.html'), '<!doctype html><title>TalentPilot (fixture)</title>');
  return dist;
}
