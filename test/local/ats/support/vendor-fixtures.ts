import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AtsConnector } from '../../../../lambdas/ats/ats-port';
import { startFakeAtsServer, type FakeAtsServer, type RecordedRequest } from '../../../../local/ats/fake-ats-server';
import { shapeOf, unknownPaths } from '../../../../local/ats/fixture-shape';
import { readAllPages } from '../../../lambdas/ats/support/connector-calls';

/**
 * What the per-vendor fixture tests share: the vendor's documented-example files
 * (local/ats/fixtures/<vendor>/), a plain HTTP server that serves nothing but those files, a
 * full sync through a connector, and the check that a fake answers only in the files' shapes.
 */

export const FIXTURES_ROOT = path.join(__dirname, '../../../../local/ats/fixtures');

/** The vendor's fixture files by name (`postings.json` → its parsed JSON). */
export function vendorFixtures(vendor: string): Map<string, unknown> {
  const dir = path.join(FIXTURES_ROOT, vendor);
  return new Map(
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name, JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown]),
  );
}

/**
 * Starts a server that answers every GET with the fixture file `pick` names for the request
 * (404 when it names none) and nothing else: no fake logic, no generated records.
 */
export async function startFixtureServer(vendor: string, pick: (request: RecordedRequest) => string | null): Promise<FakeAtsServer> {
  const files = vendorFixtures(vendor);
  return startFakeAtsServer({
    routes: {},
    fallback: (request) => {
      const name = pick(request);
      return name && files.has(name) ? { status: 200, body: files.get(name) } : null;
    },
  });
}

/** Every list of the connector read to its end: what a full sync reads. */
export async function fullSync(connector: AtsConnector) {
  const jobs = await readAllPages(connector.listJobs);
  const candidates = await readAllPages(connector.listCandidates);
  const applications = await readAllPages(connector.listApplications);
  return { jobs: jobs.items, candidates: candidates.items, applications: applications.items };
}

/**
 * The key paths and JSON types in the fake's answers to `requests` (asked again with `headers`)
 * that none of the vendor's fixtures has, each with the request path that answered it.
 */
export async function shapesTheFixturesLack(
  vendor: string,
  origin: string,
  requests: readonly RecordedRequest[],
  headers: Record<string, string>,
): Promise<string[]> {
  const fixtureShapes = [...vendorFixtures(vendor).values()].map(shapeOf);
  const unknown = new Set<string>();
  for (const request of requests) {
    const url = new URL(request.path, origin);
    for (const [key, values] of Object.entries(request.queryAll)) for (const value of values) url.searchParams.append(key, value);
    const answer = await fetch(url, { headers });
    if (answer.status !== 200) continue;
    for (const entry of unknownPaths(shapeOf(await answer.json()), fixtureShapes)) unknown.add(`${request.path}: ${entry}`);
  }
  return [...unknown].sort();
}
