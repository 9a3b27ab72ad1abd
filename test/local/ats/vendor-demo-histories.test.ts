import type { AtsApplication, AtsCandidate, AtsConnector, AtsJob } from '../../../lambdas/ats/ats-port';
import { createConnector } from '../../../lambdas/ats/connectors';
import { trainPlacementModel } from '../../../lambdas/ats/prediction/placement-prediction';
import { ATS_DEMO_CREDENTIALS } from '../../../local/ats/ats-stand-ins';
import { crelateDemoHistory } from '../../../local/ats/crelate-history';
import type { RecordedRequest } from '../../../local/ats/fake-ats-server';
import { startFakeCrelate } from '../../../local/ats/fake-crelate';
import { startFakeLever } from '../../../local/ats/fake-lever';
import { startFakeWorkable } from '../../../local/ats/fake-workable';
import { leverDemoHistory } from '../../../local/ats/lever-history';
import type { SyntheticHistory } from '../../../local/ats/synthetic-history';
import { workableDemoHistory } from '../../../local/ats/workable-history';
import { fullSync, shapesTheFixturesLack } from './support/vendor-fixtures';

/**
 * The demo Lever, Workable and Crelate accounts `npm start` serves, read as the product reads
 * them: through each REAL connector from its fake over HTTP. Each must hold the whole synthetic
 * history with each outcome dated where the vendor keeps it (Lever's `archivedAt`, Workable's
 * `hired_at`/`disqualified_at`, Crelate's placement `StartDate`), answer only in the shapes of the
 * vendor's fixtures, and train a placement model that beats its baseline whoever trains it.
 */

const NOW = new Date('2026-11-26T15:30:00Z');
const { lever, workable, crelate } = ATS_DEMO_CREDENTIALS;

interface Served {
  readonly history: SyntheticHistory;
  readonly connector: AtsConnector;
  /** The requests of the sync, and the headers to ask them again. */
  readonly requests: () => readonly RecordedRequest[];
  readonly origin: string;
  readonly headers: Record<string, string>;
  readonly close: () => Promise<void>;
}

const VENDORS: Record<'lever' | 'workable' | 'crelate', () => Promise<Served>> = {
  lever: async () => {
    const { history, data } = leverDemoHistory(NOW);
    const fake = await startFakeLever({ apiKey: lever.apikey1, data });
    const connector = createConnector(lever, { baseUrls: { lever: fake.url } });
    const headers = { authorization: `Basic ${Buffer.from(`${lever.apikey1}:`).toString('base64')}` };
    return { history, connector, requests: () => fake.requests, origin: fake.origin, headers, close: fake.close };
  },
  workable: async () => {
    const { history, data } = workableDemoHistory(NOW);
    const fake = await startFakeWorkable({ token: workable.apikey1, data });
    const connector = createConnector(workable, { baseUrls: { workable: fake.baseUrl } });
    const headers = { authorization: `Bearer ${workable.apikey1}` };
    return { history, connector, requests: () => fake.requests, origin: fake.url, headers, close: fake.close };
  },
  crelate: async () => {
    const { history, data } = crelateDemoHistory(NOW);
    const fake = await startFakeCrelate({ apiKey: crelate.apikey1, data });
    const connector = createConnector(crelate, { baseUrls: { crelate: fake.baseUrl } });
    return {
      history,
      connector,
      requests: () => fake.requests,
      origin: fake.url,
      headers: { 'x-api-key': crelate.apikey1 },
      close: fake.close,
    };
  },
};

/** Each closed outcome with its date, as a sorted list: what prediction learns the labels and time in process from. */
const outcomes = (applications: readonly AtsApplication[]) =>
  applications
    .filter((application) => application.status !== 'active')
    .map((application) => `${application.status} ${application.closedAt ? new Date(application.closedAt).toISOString() : null}`)
    .sort();

describe.each(Object.keys(VENDORS) as (keyof typeof VENDORS)[])('the demo %s account, read through its connector', (vendor) => {
  let served: Served;
  let read: { jobs: AtsJob[]; candidates: AtsCandidate[]; applications: AtsApplication[] };

  beforeAll(async () => {
    served = await VENDORS[vendor]();
    read = await fullSync(served.connector);
  }, 30_000);
  afterAll(() => served.close());

  it('holds the three jobs, every candidate, and every outcome dated as it happened', () => {
    expect(read.jobs.map((job) => [job.title, job.location])).toEqual(served.history.jobs.map((job) => [job.title, job.location]));
    expect(read.candidates).toHaveLength(served.history.candidates.length);
    expect(read.applications).toHaveLength(served.history.applications.length);
    expect(outcomes(read.applications)).toEqual(outcomes(served.history.applications));
    expect(read.applications.filter((application) => application.status === 'hired').length).toBeGreaterThanOrEqual(30);
  });

  it('gives candidates a made-up name, a headline and a profile without contact data', () => {
    expect(read.candidates[0].name).toMatch(/^[A-Z][a-zà-ÿ]+ [A-Z][a-z]+$/);
    expect(read.candidates.every((candidate) => / at /.test(candidate.headline) && !/Company \d+/.test(candidate.headline))).toBe(true);
    expect(read.candidates.map((candidate) => candidate.profile).join('\n')).not.toMatch(/@example\.|555|Main Street/);
  });

  // Before training: the fake's idle keep-alive connections are still open.
  it('answers only in the shapes of the vendor’s documented examples', async () => {
    // Every list page, and the first few detail answers (each detail has the same shape).
    const requests = served
      .requests()
      .filter((request, index, all) => !/\/[^/]+\/(resumes|[0-9a-f]{6,})$/.test(request.path) || index < all.length / 10);
    expect(await shapesTheFixturesLack(vendor, served.origin, requests, served.headers)).toEqual([]);
  });

  it('trains a model that beats its baseline, whatever the training seed', () => {
    for (const seed of ['6c1f0a3e-2b7d-4e59-9a84-0d3c5b7e1f22', 'us-east-2:demo', 7]) {
      const training = trainPlacementModel({ ...read, now: served.history.now, seed });
      expect(training.status).toBe('trained');
      if (training.status !== 'trained') return;
      expect(training.evaluation.accuracy).toBeGreaterThanOrEqual(training.evaluation.baselineAccuracy + 0.05);
    }
  });
});
