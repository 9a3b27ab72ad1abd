import type { AtsApplication } from '../../../lambdas/ats/ats-port';
import { createConnector } from '../../../lambdas/ats/connectors';
import { trainPlacementModel } from '../../../lambdas/ats/prediction/placement-prediction';
import { ATS_DEMO_CREDENTIALS, GREENHOUSE_DEMO_CLIENT } from '../../../local/ats/ats-stand-ins';
import { startFakeGreenhouse, type FakeGreenhouse } from '../../../local/ats/fake-greenhouse';
import { greenhouseRecordsOf } from '../../../local/ats/greenhouse-history';
import { syntheticHistory } from '../../../local/ats/synthetic-history';
import { readAllPages } from '../../lambdas/ats/support/connector-calls';

/**
 * Placement prediction on Greenhouse learns from the right dates: a hire is dated by the opening
 * that names it (its `closed_at`), not by the application's `last_activity_at`/`updated_at`, which
 * keep moving after the hire. Here the ONLY signal in the history is how long an application took
 * to close (hires within two weeks, every other outcome after two months or more); the candidate,
 * the stage and every other feature carry none, and a hire's last activity lands at a random
 * later day. Read through the real connector, the model learns it; with the hires dated by their
 * last activity, as a connector reading the wrong field would, it does not.
 */

const NOW = '2026-11-01T00:00:00.000Z';
const DAY_MS = 86_400_000;
let greenhouse: FakeGreenhouse;
let read: {
  jobs: Parameters<typeof trainPlacementModel>[0]['jobs'];
  candidates: Parameters<typeof trainPlacementModel>[0]['candidates'];
  applications: AtsApplication[];
};

/** A number in [0, n) from an application's id, the same on every run. */
const spread = (id: string, n: number) => [...id].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 9973, 7) % n;

beforeAll(async () => {
  const history = syntheticHistory({ seed: 'greenhouse-hire-dates', closedApplications: 300, signal: false, now: NOW });
  const planted = {
    ...history,
    applications: history.applications.map((application) => {
      if (application.status === 'active') return application;
      const applied = Date.parse(application.appliedAt ?? NOW);
      const days = application.status === 'hired' ? 3 + spread(application.id, 12) : 60 + spread(application.id, 60);
      const closedAt = new Date(applied + days * DAY_MS).toISOString();
      return { ...application, stage: 'Onsite Interview', closedAt, updatedAt: closedAt };
    }),
  };
  const { data } = greenhouseRecordsOf(planted);
  // After a hire, activity goes on (onboarding notes) for as long as any other application takes to close.
  const applications = data.applications.map((record) =>
    record.status === 'hired' ? { ...record, updated_at: lateActivity(record), last_activity_at: lateActivity(record) } : record,
  );
  greenhouse = await startFakeGreenhouse({ ...GREENHOUSE_DEMO_CLIENT, data: { ...data, applications } });
  const connector = createConnector(ATS_DEMO_CREDENTIALS.greenhouse, { baseUrls: { greenhouse: greenhouse.url } });
  read = {
    jobs: (await readAllPages((options) => connector.listJobs(options))).items,
    candidates: (await readAllPages((options) => connector.listCandidates(options))).items,
    applications: (await readAllPages((options) => connector.listApplications(options))).items,
  };
});

afterAll(() => greenhouse.close());

function lateActivity(record: Record<string, unknown>): string {
  const applied = Date.parse(String(record.created_at));
  return new Date(applied + (60 + spread(String(record.id), 60)) * DAY_MS).toISOString();
}

describe('placement prediction on a Greenhouse history whose only signal is when hires were made', () => {
  it('reads each hire’s date from the opening that names it', () => {
    const hires = read.applications.filter((application) => application.status === 'hired');
    expect(hires.length).toBeGreaterThan(30);
    for (const hire of hires) {
      const days = (Date.parse(hire.closedAt ?? '') - Date.parse(hire.appliedAt ?? '')) / DAY_MS;
      expect(days).toBeGreaterThanOrEqual(3);
      expect(days).toBeLessThan(15);
      expect(Date.parse(hire.updatedAt ?? '')).toBeGreaterThan(Date.parse(hire.closedAt ?? ''));
    }
  });

  it('learns the signal from the hire dates the connector read', () => {
    const training = trainPlacementModel({ ...read, now: NOW, seed: 'greenhouse-hire-dates' });
    expect(training.status).toBe('trained');
    if (training.status !== 'trained') return;
    expect(training.evaluation.accuracy).toBeGreaterThanOrEqual(training.evaluation.baselineAccuracy + 0.1);
  });

  it('finds no signal when hires are dated by their last activity instead', () => {
    const misdated = read.applications.map((application) =>
      application.status === 'hired' ? { ...application, closedAt: application.updatedAt } : application,
    );
    const training = trainPlacementModel({ ...read, applications: misdated, now: NOW, seed: 'greenhouse-hire-dates' });
    expect(training.status).toBe('weak-signal');
  });
});
