import { demoFamily, demoPersonName, demoPosition, demoPostingHtml, numberOfSyntheticId } from './demo-people';
import type {
  CrelateAccountData,
  CrelateApplicationRecord,
  CrelateContactRecord,
  CrelateJobRecord,
  CrelatePlacementRecord,
} from './fake-crelate-data';
import { syntheticHistory, type SyntheticHistory } from './synthetic-history';

/**
 * The demo Crelate account of the local runtime: {@link syntheticHistory} (a seeded history with a
 * planted signal) written as Crelate API3 records in the shapes of fixtures/crelate/ (see
 * SOURCES.md there), so the product, reading it through the real Crelate connector, finds what
 * the history holds:
 * - jobs for one client account, the posting as `Description` HTML, the city in `PortalCity`/`PortalState`;
 * - one candidate contact per application, `CurrentPosition` (the headline), the profile's
 *   sentences as `Description`, a home address whose street the connector must never copy;
 * - a hire only as a placement (the job in `RegardingId`, the contact in `PlacedContactId`, dated
 *   by `StartDate`: where Crelate keeps the placed signal); every other outcome as an application
 *   in a workflow stage named for it ("Not a Fit", "Candidate Not Interested", open stages).
 */

export const CRELATE_DEMO_SEED = 'talentpilot-crelate-demo';
/** Closed applications in the demo account: enough for a held-out test that shows the signal. */
export const CRELATE_DEMO_CLOSED_APPLICATIONS = 240;

const DAY_MS = 86_400_000;
const CLIENT = { Id: 'a3000000-0000-4000-8000-000000000001', Title: 'Meridian Staffing Partners' };
/** The synthetic stages as a staffing firm's Crelate workflow names them. */
const OPEN_STAGES: Readonly<Record<string, string>> = {
  'Application Review': 'Qualifying',
  'Phone Screen': 'Submitted to Client',
  'Onsite Interview': 'Interviewing with Client',
};
/** Every stage name the demo uses, each with its own stage id. */
const STAGE_NAMES = [...Object.values(OPEN_STAGES), 'Not a Fit', 'Candidate Not Interested'];
const guid = (kind: string, n: number) => `${kind}3000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export interface CrelateDemoHistory {
  readonly data: CrelateAccountData;
  /** The history as it was generated (tests compare the connector's reading with it). */
  readonly history: SyntheticHistory;
}

/** The demo account as of the start of `now`'s day (UTC): the same records all day. */
export function crelateDemoHistory(
  now: Date = new Date(),
  closedApplications: number = CRELATE_DEMO_CLOSED_APPLICATIONS,
): CrelateDemoHistory {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const history = syntheticHistory({ seed: CRELATE_DEMO_SEED, closedApplications, now: day });
  const jobIndex = new Map(history.jobs.map((job, index) => [job.id, index]));
  const candidatesById = new Map(history.candidates.map((candidate) => [candidate.id, candidate]));

  const jobs: CrelateJobRecord[] = history.jobs.map((job, index) => {
    const [city, state] = job.location.split(',').map((part) => part.trim());
    return {
      Id: guid('b', index + 1),
      Name: job.title,
      PortalTitle: job.title,
      JobTitleId: { Id: guid('d', index + 1), Title: job.title },
      AccountId: CLIENT,
      Description: demoPostingHtml(job, history.mustHavesByJob[job.id] ?? [], demoFamily(index).intro),
      PortalDescription: null,
      PortalCity: city,
      PortalState: state ?? null,
      ClosedOn: null,
      IsOnHold: false,
      NumberOfOpenings: 2,
      CreatedOn: job.createdAt ?? day,
      ModifiedOn: job.updatedAt ?? day,
    };
  });
  const lookupJob = (jobId: string) => ({ Id: jobs[jobIndex.get(jobId) ?? 0].Id, Title: jobs[jobIndex.get(jobId) ?? 0].Name });

  const contacts: CrelateContactRecord[] = [];
  const applications: CrelateApplicationRecord[] = [];
  const placements: CrelatePlacementRecord[] = [];
  for (const application of history.applications) {
    const n = numberOfSyntheticId(application.id);
    const family = demoFamily(jobIndex.get(application.jobId) ?? 0);
    const candidate = candidatesById.get(application.candidateId);
    const { firstName, lastName } = demoPersonName(n);
    const { title, company } = demoPosition(candidate?.headline ?? '', family);
    const [city, state] = (candidate?.location ?? '').split(',').map((part) => part.trim());
    const contact = { Id: guid('c', n), Title: `${firstName} ${lastName}` };
    const applied = application.appliedAt ?? day;
    contacts.push({
      Id: contact.Id,
      FirstName: firstName,
      LastName: lastName,
      RecordType: 'Candidate',
      CurrentPosition: { JobTitle: title, CompanyId: { Id: guid('e', n), Title: company }, IsPrimary: true },
      Description: candidate?.profile ?? null,
      EmailAddresses_Personal: {
        Value: `${firstName}.${lastName}@example.org`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z.@]/g, ''),
        IsPrimary: true,
      },
      PhoneNumbers_Mobile: { Value: `+1555010${String(n % 10_000).padStart(4, '0')}`, IsPrimary: true },
      Addresses_Home: { Line1: `${100 + n} Main Street`, City: city || null, State: state ?? null, ZipCode: null, Country: null },
      Tags: null,
      CreatedOn: applied,
      ModifiedOn: application.updatedAt ?? applied,
    });
    if (application.status === 'hired') {
      const start = application.closedAt ?? day;
      placements.push({
        Id: guid('f', n),
        Name: `${firstName} ${lastName} - ${jobs[jobIndex.get(application.jobId) ?? 0].Name}`,
        PlacedContactId: contact,
        RegardingId: lookupJob(application.jobId),
        AccountId: CLIENT,
        StartDate: start,
        // Recorded a week before the start; edited since (invoicing), so only StartDate dates it.
        CreatedOn: new Date(Date.parse(start) - 7 * DAY_MS).toISOString(),
        ModifiedOn: new Date(Date.parse(start) + (3 + (n % 20)) * DAY_MS).toISOString(),
      });
      continue;
    }
    const stage =
      application.status === 'rejected'
        ? 'Not a Fit'
        : application.status === 'withdrawn'
          ? 'Candidate Not Interested'
          : (OPEN_STAGES[application.stage] ?? 'Qualifying');
    applications.push({
      Id: guid('a', n),
      ContactId: contact,
      JobId: lookupJob(application.jobId),
      WorkflowStatusId: { Id: guid('9', STAGE_NAMES.indexOf(stage) + 1), Title: stage },
      CreatedOn: applied,
      ModifiedOn: application.closedAt ?? application.updatedAt ?? applied,
    });
  }
  return { data: { jobs, contacts, applications, placements }, history };
}
