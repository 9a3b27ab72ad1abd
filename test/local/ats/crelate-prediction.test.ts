import { createCrelateConnector } from '../../../lambdas/ats/connectors/crelate';
import { trainPlacementModel } from '../../../lambdas/ats/prediction/placement-prediction';
import { startFakeCrelate, type FakeCrelate } from '../../../local/ats/fake-crelate';
import { CRELATE_CONTACTS, CRELATE_JOBS, type CrelateAccountData } from '../../../local/ats/fake-crelate-data';
import { syntheticHistory } from '../../../local/ats/synthetic-history';
import { fullSync } from './support/vendor-fixtures';

const KEY = 'crelate-history-key-6402';

/**
 * The synthetic history (a planted must-have and location signal) as a Crelate account: the hires
 * exist only as placements (the job in `RegardingId`, dated by `StartDate`), every other outcome
 * as a portal application in a workflow stage named for it.
 */
function crelateAccount(): CrelateAccountData {
  const history = syntheticHistory({ seed: 'crelate-placements', closedApplications: 150, activeApplications: 6 });
  const lookup = (Id: string, Title: string) => ({ Id, Title });
  const jobs = history.jobs.map((job) => {
    const [city, state] = job.location.split(', ');
    return {
      ...CRELATE_JOBS[0],
      Id: job.id,
      Name: job.title,
      PortalTitle: job.title,
      Description: job.description,
      PortalCity: city,
      PortalState: state,
    };
  });
  const contacts = history.candidates.map((candidate) => {
    const [city, state] = candidate.location.split(', ');
    const [title] = candidate.headline.split(' at ');
    return {
      ...CRELATE_CONTACTS[0],
      Id: candidate.id,
      FirstName: 'Candidate',
      LastName: candidate.id,
      CurrentPosition: { JobTitle: title, CompanyId: null, IsPrimary: true },
      Description: candidate.profile,
      Addresses_Home: { Line1: null, City: city, State: state, ZipCode: null, Country: null },
      Tags: null,
    };
  });
  const stageOf = { active: 'Submitted to Client', rejected: 'Not a Fit', withdrawn: 'Candidate Not Interested' } as const;
  const applications = history.applications
    .filter((a) => a.status !== 'hired')
    .map((a) => ({
      Id: a.id,
      ContactId: lookup(a.candidateId, a.candidateId),
      JobId: lookup(a.jobId, a.jobId),
      WorkflowStatusId: lookup(a.status, stageOf[a.status as keyof typeof stageOf]),
      CreatedOn: a.appliedAt ?? '',
      ModifiedOn: a.closedAt ?? a.updatedAt ?? '',
    }));
  const placements = history.applications
    .filter((a) => a.status === 'hired')
    .map((a) => ({
      Id: `placement-${a.id}`,
      Name: `${a.candidateId} - ${a.jobId}`,
      PlacedContactId: lookup(a.candidateId, a.candidateId),
      RegardingId: lookup(a.jobId, a.jobId),
      AccountId: CRELATE_JOBS[0].AccountId,
      StartDate: a.closedAt,
      CreatedOn: a.closedAt ?? '',
      ModifiedOn: a.updatedAt ?? '',
    }));
  return { jobs, contacts, applications, placements };
}

let fake: FakeCrelate;

afterEach(async () => {
  await fake.close();
});

describe('placement prediction on a Crelate history', () => {
  it('learns the planted signal with the placements as the hires, and cannot without them', async () => {
    const account = crelateAccount();
    fake = await startFakeCrelate({ apiKey: KEY, data: account });
    const connector = createCrelateConnector(
      { atsname: 'crelate', apikeytype: 'api-key', apikey1: KEY, apikey2: null },
      { baseUrl: fake.baseUrl },
    );
    const { jobs, candidates, applications } = await fullSync(connector);
    const hires = applications.filter((a) => a.status === 'hired');
    expect(hires).toHaveLength(account.placements.length);
    expect(hires.every((a) => a.id.startsWith('placement:') && a.closedAt !== null)).toBe(true);
    const history = { jobs, candidates, now: '2026-06-30T00:00:00.000Z', seed: 'crelate' };
    expect(trainPlacementModel({ ...history, applications }).status).toBe('trained');
    // Before, the sync stopped at the contacts and never reached the placements: no hires to learn from.
    expect(trainPlacementModel({ ...history, applications: applications.filter((a) => a.status !== 'hired') }).status).toBe(
      'insufficient-history',
    );
  });
});
