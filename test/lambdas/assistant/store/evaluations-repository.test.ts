import { createEvaluationsRepository, type EvaluationsRepository } from '../../../../lambdas/assistant/store/evaluations-repository';
import { startTables } from '../../shared/subscriptions/support';

let tables: Awaited<ReturnType<typeof startTables>>;
let evaluations: EvaluationsRepository;

beforeAll(async () => {
  tables = await startTables();
  evaluations = createEvaluationsRepository({ client: tables.client, tableName: tables.tableNames.assistant });
});
afterAll(() => tables.stop());

const evaluation = (candidateName: string, overall: number, createdAt: string, jobId = 'job-1') => ({
  jobId,
  candidateName,
  overall,
  resultId: `r-${overall}`,
  createdAt,
});

describe('EvaluationsRepository', () => {
  it('finds a candidate’s latest evaluation for a job by name, whatever its case or spacing', async () => {
    await evaluations.record('eval-ana', evaluation('Maya Chen', 62, '2026-03-01T10:00:00.000Z'));
    await evaluations.record('eval-ana', evaluation('maya  chen', 81, '2026-03-02T10:00:00.000Z'));

    const found = await evaluations.latestFor('eval-ana', 'job-1', ['  MAYA CHEN ', 'Jon Park']);

    expect([...found.keys()]).toEqual(['maya chen']);
    expect(found.get('maya chen')).toMatchObject({ overall: 81, resultId: 'r-81' });
  });

  it('keeps the later evaluation when an earlier one is recorded after it', async () => {
    await evaluations.record('eval-order', evaluation('Jon Park', 90, '2026-03-05T10:00:00.000Z'));
    await evaluations.record('eval-order', evaluation('Jon Park', 40, '2026-03-04T10:00:00.000Z'));

    expect((await evaluations.latestFor('eval-order', 'job-1', ['Jon Park'])).get('jon park')?.overall).toBe(90);
  });

  it('keeps evaluations per job and per user', async () => {
    await evaluations.record('eval-owner', evaluation('Ria Das', 70, '2026-03-01T10:00:00.000Z', 'job-x'));

    expect((await evaluations.latestFor('eval-owner', 'job-y', ['Ria Das'])).size).toBe(0);
    expect((await evaluations.latestFor('eval-other', 'job-x', ['Ria Das'])).size).toBe(0);
  });
});
