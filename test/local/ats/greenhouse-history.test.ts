import type { AtsApplication, AtsCandidate, AtsJob } from '../../../lambdas/ats/ats-port';
import { createConnector } from '../../../lambdas/ats/connectors';
import { applicationFeatures } from '../../../lambdas/ats/prediction/features';
import { trainPlacementModel } from '../../../lambdas/ats/prediction/placement-prediction';
import { ATS_DEMO_CREDENTIALS, GREENHOUSE_DEMO_CLIENT } from '../../../local/ats/ats-stand-ins';
import { startFakeGreenhouse, type FakeGreenhouse } from '../../../local/ats/fake-greenhouse';
import { greenhouseDemoHistory, type GreenhouseDemoHistory } from '../../../local/ats/greenhouse-history';
import { readAllPages } from '../../lambdas/ats/support/connector-calls';
import { mustHavesPerJob } from './support/job-must-haves';

/**
 * The demo Greenhouse account `npm start` serves, read as the product reads it: through the REAL
 * Greenhouse connector (only the API root differs) from the fake Greenhouse over HTTP. Trained on,
 * it must give a model that beats its baseline whoever trains it (the handler seeds by user id).
 */

const NOW = new Date('2026-11-26T15:30:00Z');
let demo: GreenhouseDemoHistory;
let greenhouse: FakeGreenhouse;
let read: { jobs: AtsJob[]; candidates: AtsCandidate[]; applications: AtsApplication[] };
/** The must-haves the product derives from a job's posting (mustHavesOfJob), once per job. */
const mustHavesOf = mustHavesPerJob();

beforeAll(async () => {
  demo = greenhouseDemoHistory(NOW);
  greenhouse = await startFakeGreenhouse({ ...GREENHOUSE_DEMO_CLIENT, data: demo.data });
  const connector = createConnector(ATS_DEMO_CREDENTIALS.greenhouse, { baseUrls: { greenhouse: greenhouse.url } });
  read = {
    jobs: (await readAllPages((options) => connector.listJobs(options))).items,
    candidates: (await readAllPages((options) => connector.listCandidates(options))).items,
    applications: (await readAllPages((options) => connector.listApplications(options))).items,
  };
});

afterAll(() => greenhouse.close());

describe('the demo Greenhouse history, read through the Greenhouse connector', () => {
  it('holds three realistic jobs, every candidate and application, over several pages of GET requests (and one token request)', () => {
    expect(read.jobs.map((job) => [job.title, job.location, job.department])).toEqual([
      ['Senior Backend Engineer', 'Austin, TX', 'Engineering'],
      ['Staff Accountant', 'Denver, CO', 'Finance'],
      ['Registered Nurse - ICU', 'Chicago, IL', 'Nursing'],
    ]);
    expect(read.candidates).toHaveLength(demo.history.candidates.length);
    expect(read.applications).toHaveLength(demo.history.applications.length);
    expect(new Set(read.applications.map((application) => application.status))).toEqual(
      new Set(['active', 'hired', 'rejected', 'withdrawn']),
    );
    expect(greenhouse.requests.filter((request) => request.path === '/v3/candidates').length).toBeGreaterThan(1);
    expect(greenhouse.requests.filter((request) => request.method !== 'GET').map((request) => request.path)).toEqual(['/token']);
  });

  it('gives candidates a name, a headline and a profile the assistant can read, without their contact data', () => {
    const candidate = read.candidates[0];
    expect(candidate.name).toMatch(/^[A-Z][a-zà-ÿ]+ [A-Z][a-z]+$/);
    expect(candidate.headline).toMatch(/^.+ at .+$/);
    expect(candidate.headline).not.toMatch(/Company \d+/);
    expect(candidate.profile).toContain('Application answers');
    const profiles = read.candidates.map((c) => c.profile).join('\n');
    expect(profiles).not.toMatch(/@example\.com|555-01|Main Street|linkedin\.com/);
  });

  it('reads the same features the synthetic history was made with: the must-haves in each posting, coverage, location', () => {
    for (const job of read.jobs) expect(mustHavesOf(job)).toEqual(demo.history.mustHavesByJob[`job-${job.id.slice(-1)}`]);
    const jobs = new Map(read.jobs.map((job) => [job.id, job]));
    const candidates = new Map(read.candidates.map((candidate) => [candidate.id, candidate]));
    const originalJobs = new Map(demo.history.jobs.map((job) => [job.id, job]));
    const originalCandidates = new Map(demo.history.candidates.map((candidate) => [candidate.id, candidate]));
    const { now } = demo.history;
    const values = (features: { features: readonly { value: number | null }[] }) => features.features.map((feature) => feature.value);
    demo.history.applications.forEach((original, index) => {
      const application = read.applications[index];
      const job = jobs.get(application.jobId)!;
      const originalJob = originalJobs.get(original.jobId)!;
      expect([application.status, application.appliedAt, application.closedAt]).toEqual([
        original.status,
        original.appliedAt,
        original.closedAt,
      ]);
      expect(
        values(
          applicationFeatures({
            job,
            mustHaves: mustHavesOf(job),
            candidate: candidates.get(application.candidateId)!,
            application,
            now,
          }),
        ),
      ).toEqual(
        values(
          applicationFeatures({
            job: originalJob,
            mustHaves: mustHavesOf(originalJob),
            candidate: originalCandidates.get(original.candidateId)!,
            application: original,
            now,
          }),
        ),
      );
    });
  });

  it('trains a model that beats its baseline, whatever the training seed', () => {
    for (const seed of ['6c1f0a3e-2b7d-4e59-9a84-0d3c5b7e1f22', 'us-east-2:demo', 7]) {
      const training = trainPlacementModel({ ...read, now: demo.history.now, seed });
      expect(training.status).toBe('trained');
      if (training.status !== 'trained') return;
      expect(training.evaluation.accuracy).toBeGreaterThanOrEqual(training.evaluation.baselineAccuracy + 0.1);
    }
  });

  it('is the same account on every start of a day, dated up to that day', () => {
    expect(greenhouseDemoHistory(new Date('2026-11-26T23:59:00Z')).data).toEqual(demo.data);
    expect(demo.history.now).toBe('2026-11-26T00:00:00.000Z');
    const latest = Math.max(...read.applications.map((application) => Date.parse(application.updatedAt ?? '')));
    expect(latest).toBeLessThanOrEqual(Date.parse(demo.history.now));
  });
});
