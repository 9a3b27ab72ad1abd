import type { AtsApplication, AtsCandidate, AtsConnector, AtsJob } from '../../../lambdas/ats/ats-port';
import { createBullhornConnector, type BullhornGrant } from '../../../lambdas/ats/connectors/bullhorn';
import { findBullhornDataCentre } from '../../../lambdas/ats/connectors/bullhorn-session';
import { applicationFeatures } from '../../../lambdas/ats/prediction/features';
import { trainPlacementModel } from '../../../lambdas/ats/prediction/placement-prediction';
import { distinctById } from '../../../lambdas/ats/sync/sync-store';
import { bullhornDemoHistory, type BullhornDemoHistory } from '../../../local/ats/bullhorn-history';
import { startFakeBullhorn, type FakeBullhorn } from '../../../local/ats/fake-bullhorn';
import { readAllPages } from '../../lambdas/ats/support/connector-calls';
import { mustHavesPerJob } from './support/job-must-haves';

/**
 * The demo staffing firm of the fake Bullhorn, read as the product reads it: through the REAL
 * Bullhorn connector over HTTP. Its planted signal (must-haves and location) is in the
 * placements: hires are only known, and dated, from the Placement records. Read right, the
 * history is the planted one and trains a model that beats its baseline; read without the
 * Placements, it is not.
 */

const NOW = new Date('2026-11-26T15:30:00Z');
const CLIENT = { clientId: 'demo-bullhorn-client-7731', clientSecret: 'demo-bullhorn-secret-7731' };
let demo: BullhornDemoHistory;
let bullhorn: FakeBullhorn;
type History = { jobs: AtsJob[]; candidates: AtsCandidate[]; applications: AtsApplication[] };
let read: History;
let connector: AtsConnector;

/** The must-haves the product derives from a job's posting (mustHavesOfJob), once per job. */
const mustHavesOf = mustHavesPerJob();

/** What the sync store keeps: one record per id, the later one winning (as its upserts do). */
const asStored = <T extends { readonly id: string }>(items: readonly T[]) => distinctById(items);

beforeAll(async () => {
  demo = bullhornDemoHistory(NOW);
  bullhorn = await startFakeBullhorn({ ...CLIENT, data: demo.data });
  const dataCentre = await findBullhornDataCentre('demo.api', { loginInfoRoot: bullhorn.loginInfoRoot, allowedOrigins: bullhorn.origins });
  let grant: BullhornGrant | null = { ...dataCentre, refreshToken: bullhorn.issueRefreshToken() };
  connector = createBullhornConnector(
    { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: CLIENT.clientId, apikey2: CLIENT.clientSecret },
    { grants: { read: async () => grant, save: async (next) => void (grant = next) }, allowedOrigins: bullhorn.origins },
  );
  read = {
    jobs: (await readAllPages((options) => connector.listJobs(options))).items,
    candidates: (await readAllPages((options) => connector.listCandidates(options))).items,
    applications: asStored((await readAllPages((options) => connector.listApplications(options))).items),
  };
});
afterAll(() => bullhorn.close());

const byId = <T extends { id: string }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));
/** The features the model learns from, by name: the stage is each ATS's own words, and left out of the model. */
const values = (features: { features: readonly { name: string; value: number | null }[] }) =>
  features.features.filter((feature) => feature.name !== 'stages-reached').map((feature) => [feature.name, feature.value]);

function featuresOf(history: History, now: string) {
  const jobs = byId(history.jobs);
  const candidates = byId(history.candidates);
  return [...history.applications]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((application) => {
      const job = jobs.get(application.jobId)!;
      return [
        application.id,
        application.status,
        values(
          applicationFeatures({
            job,
            mustHaves: mustHavesOf(job),
            candidate: candidates.get(application.candidateId)!,
            application,
            now,
          }),
        ),
      ];
    });
}

describe('the demo Bullhorn firm, read through the Bullhorn connector', () => {
  it('is the planted history: every outcome, and the features (time in process from the placement dates) it was made with', () => {
    const { history } = demo;
    expect(read.jobs.map((job) => [job.title, job.location])).toEqual(history.jobs.map((job) => [job.title, job.location]));
    for (const job of read.jobs) expect(mustHavesOf(job)).toEqual(history.mustHavesByJob[job.id]);
    expect(read.applications).toHaveLength(history.applications.length);
    const planted = byId(history.applications);
    for (const application of read.applications) {
      const original = planted.get(application.id)!;
      expect([application.id, application.status, application.appliedAt, application.closedAt]).toEqual([
        original.id,
        original.status,
        original.appliedAt,
        original.closedAt,
      ]);
    }
    expect(featuresOf(read, history.now)).toEqual(featuresOf(history, history.now));
    expect(read.candidates.map((candidate) => candidate.profile).join('\n')).not.toMatch(/@example\.com|555-01|Main Street/);
  });

  it('trains a model that beats its baseline, whatever the training seed', () => {
    for (const seed of ['0d7f3e21-bullhorn', 'eu-west-1:demo', 11]) {
      const training = trainPlacementModel({ ...read, now: demo.history.now, seed });
      expect(training.status).toBe('trained');
      if (training.status !== 'trained') return;
      expect(training.evaluation.accuracy).toBeGreaterThanOrEqual(training.evaluation.baselineAccuracy + 0.1);
    }
  });

  it('holds its placements only in the Placement records: read without them, a third of the hires and every hire date are lost', async () => {
    // The connector's own pages, stopped where the Placements begin.
    const submissions: AtsApplication[] = [];
    let cursor: string | null = null;
    do {
      const page = await connector.listApplications({ cursor, updatedSince: null });
      submissions.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null && !cursor.startsWith('Placement:'));
    const hires = (applications: readonly AtsApplication[]) => applications.filter((application) => application.status === 'hired');
    expect(hires(submissions).length).toBeLessThan(hires(read.applications).length * 0.75);
    const hireDate = new Map(hires(read.applications).map((application) => [application.id, application.closedAt]));
    expect(hires(submissions).filter((application) => application.closedAt === hireDate.get(application.id))).toEqual([]);
    expect(featuresOf({ ...read, applications: submissions }, demo.history.now)).not.toEqual(featuresOf(demo.history, demo.history.now));
  });
});
