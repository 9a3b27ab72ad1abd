import type { AtsApplication } from '../../../lambdas/ats/ats-port';
import { createWorkableConnector } from '../../../lambdas/ats/connectors/workable';
import { trainPlacementModel } from '../../../lambdas/ats/prediction/placement-prediction';
import { seededRandom } from '../../../lambdas/ats/prediction/seeded-random';
import { startFakeWorkable, type FakeWorkable } from '../../../local/ats/fake-workable';
import { WORKABLE_ACCOUNT, WORKABLE_CANDIDATES, type WorkableCandidateRecord } from '../../../local/ats/fake-workable-data';
import { fullSync } from './support/vendor-fixtures';

const TOKEN = 'workable-history-token-2291';
const DAY = 86_400_000;
const NOW = '2026-09-30T00:00:00.000Z';

/**
 * A Workable history whose only signal is in the dates: hires closed 45-60 days after applying,
 * disqualifications 3-12 days after, but every disqualified record was edited again later (30-75
 * days after applying), so its last change says nothing. Learnable only from `disqualified_at`,
 * which the candidate list does not carry.
 */
function datedHistory(): WorkableCandidateRecord[] {
  const random = seededRandom('workable-dates');
  const days = (from: number, to: number) => Math.round(from + random() * (to - from)) * DAY;
  const [template] = WORKABLE_CANDIDATES;
  return Array.from({ length: 60 }, (_, i) => {
    const applied = Date.parse('2026-01-05T09:00:00Z') + i * DAY;
    const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
    const hired = i % 2 === 0;
    const closed = applied + (hired ? days(45, 60) : days(3, 12));
    return {
      ...template,
      id: `h${String(i).padStart(4, '0')}`,
      firstname: `Person${i}`,
      name: `Person${i} Example`,
      stage: hired ? 'hired' : 'phone-screen',
      stage_kind: hired ? 'hired' : 'phone_screen',
      disqualified: !hired,
      disqualified_at: hired ? null : at(closed),
      hired_at: hired ? at(closed) : null,
      created_at: at(applied),
      updated_at: at(hired ? closed + DAY : applied + days(30, 75)),
    };
  });
}

let fake: FakeWorkable;

afterEach(async () => {
  await fake.close();
});

describe('placement prediction on a Workable history', () => {
  it('learns a signal planted in the rejection dates, which only the candidate detail carries', async () => {
    fake = await startFakeWorkable({ token: TOKEN, data: { ...WORKABLE_ACCOUNT, candidates: datedHistory() } });
    const connector = createWorkableConnector(
      { atsname: 'workable', apikeytype: 'bearer', apikey1: TOKEN, apikey2: fake.subdomain },
      { baseUrl: fake.baseUrl, candidatePageSize: 100, sleep: async () => {} },
    );
    const { jobs, candidates, applications } = await fullSync(connector);
    expect(applications.filter((a) => a.status === 'hired')).toHaveLength(30);
    const history = { jobs, candidates, now: NOW, seed: 'workable', featureNames: ['time-in-process' as const] };
    const training = trainPlacementModel({ ...history, applications });
    expect(training.status).toBe('trained');

    // Dated by the last change, as before the detail was read, the same history shows no pattern.
    const byLastChange: AtsApplication[] = applications.map((a) => (a.status === 'rejected' ? { ...a, closedAt: a.updatedAt } : a));
    expect(trainPlacementModel({ ...history, applications: byLastChange }).status).toBe('weak-signal');
  });
});
