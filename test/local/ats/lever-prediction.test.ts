import type { AtsApplication } from '../../../lambdas/ats/ats-port';
import { createLeverConnector } from '../../../lambdas/ats/connectors/lever';
import { trainPlacementModel } from '../../../lambdas/ats/prediction/placement-prediction';
import { seededRandom } from '../../../lambdas/ats/prediction/seeded-random';
import { LEVER_ARCHIVE_REASONS, leverOpportunity, leverPosting, startFakeLever, type FakeLever } from '../../../local/ats/fake-lever';
import { fullSync } from './support/vendor-fixtures';

const KEY = 'lever-history-key-7310';
const DAY = 86_400_000;
const [HIRED, UNDERQUALIFIED] = LEVER_ARCHIVE_REASONS.map((reason) => reason.id);

/**
 * A Lever history whose only signal is in the dates: hires archived (as Hired) 45-60 days after
 * applying, rejections 3-12 days after but touched again later (30-75 days after applying), so
 * `updatedAt` says nothing. Learnable only from `archived.archivedAt`.
 */
function datedOpportunities() {
  const random = seededRandom('lever-dates');
  const days = (from: number, to: number) => Math.round(from + random() * (to - from)) * DAY;
  const start = Date.parse('2026-01-05T09:00:00Z');
  return Array.from({ length: 60 }, (_, i) => {
    const applied = start + i * DAY;
    const hired = i % 2 === 0;
    const archivedAt = applied + (hired ? days(45, 60) : days(3, 12));
    return leverOpportunity(
      {
        id: `opp-${i}`,
        contact: `contact-${i}`,
        posting: 'posting-1',
        archived: { reason: hired ? HIRED : UNDERQUALIFIED, archivedAt },
        // A hire's last change is the archiving; a rejection was touched again later.
        updatedAt: hired ? archivedAt + DAY : applied + days(30, 75),
      },
      i,
    );
  });
}

let fake: FakeLever;

afterEach(async () => {
  await fake.close();
});

describe('placement prediction on a Lever history', () => {
  it('learns a signal planted in the archive dates, with Hired archive reasons as the placements', async () => {
    fake = await startFakeLever({
      apiKey: KEY,
      data: { postings: [leverPosting({ id: 'posting-1' })], opportunities: datedOpportunities() },
    });
    const connector = createLeverConnector(
      { atsname: 'lever', apikeytype: 'basic', apikey1: KEY, apikey2: null },
      { baseUrl: fake.url, readResumes: false, sleep: async () => {} },
    );
    const { jobs, candidates, applications } = await fullSync(connector);
    expect(applications.filter((a) => a.status === 'hired')).toHaveLength(30);
    const history = { jobs, candidates, now: '2026-09-30T00:00:00.000Z', seed: 'lever', featureNames: ['time-in-process' as const] };
    expect(trainPlacementModel({ ...history, applications }).status).toBe('trained');

    // Dated by the last change instead of archivedAt, the same history shows no pattern.
    const byLastChange: AtsApplication[] = applications.map((a) => ({ ...a, closedAt: a.updatedAt }));
    expect(trainPlacementModel({ ...history, applications: byLastChange }).status).toBe('weak-signal');
  });
});
