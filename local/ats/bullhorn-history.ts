import type { AtsApplication } from '../../lambdas/ats/ats-port';
import type { BullhornRecord, FakeBullhornData } from './fake-bullhorn';
import { syntheticHistory, type SyntheticHistory } from './synthetic-history';

/**
 * The demo staffing firm of the fake Bullhorn: {@link syntheticHistory} (a seeded history with a
 * planted signal: must-haves met and living in the job's city make a placement likelier) written
 * as Bullhorn records, so the product, reading it through the real Bullhorn connector, finds what
 * the history holds:
 * - JobOrders with the posting as `publicDescription` HTML (title, location, requirements list)
 *   and the job's city and state in `address` (next to a street the connector never asks for);
 * - Candidates with `occupation`/`companyName` (the headline), `address` city and state, the
 *   profile as `description`, and e-mail and phone values the connector must never read;
 * - a JobSubmission per application: active ones in an open status, rejections "Client
 *   Rejected", withdrawals "Candidate Not Interested", dated `dateAdded` (applied) and
 *   `dateLastModified` (closed);
 * - a Placement per hire, which is where the placed signal lives: its submission says "Placed"
 *   for some hires and stays at "Offer Extended" for others (firms do not always move it), and
 *   only the Placement's `dateBegin` is the hire's date (the submission was last changed a week
 *   before). Read without Placements, or with their dates misread, the history is not the one
 *   that was planted.
 */

export const BULLHORN_DEMO_SEED = 'talentpilot-bullhorn-demo';
export const BULLHORN_DEMO_CLOSED_APPLICATIONS = 360;

const JOB_ID_BASE = 7_700;
const CANDIDATE_ID_BASE = 52_000;
const SUBMISSION_ID_BASE = 93_000;
const PLACEMENT_ID_BASE = 4_400;
const DAY_MS = 86_400_000;
const OPEN_STATUSES = ['Submitted', 'Client Submission', 'Interview Scheduled'];

export interface BullhornDemoHistory {
  /** What the records were made from, with ids as the connector reads them. */
  readonly history: SyntheticHistory;
  readonly data: FakeBullhornData;
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const numberOf = (id: string) => Number(id.replace(/\D/g, ''));

/** The demo firm as of the start of `now`'s day (UTC): the same records all day. */
export function bullhornDemoHistory(
  now: Date = new Date(),
  closedApplications: number = BULLHORN_DEMO_CLOSED_APPLICATIONS,
): BullhornDemoHistory {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const original = syntheticHistory({ seed: BULLHORN_DEMO_SEED, now: day, closedApplications });
  const jobId = (id: string) => JOB_ID_BASE + numberOf(id);
  const candidateId = (id: string) => CANDIDATE_ID_BASE + numberOf(id);

  const jobOrders: BullhornRecord[] = original.jobs.map((job) => {
    const [city, state] = job.location.split(',').map((part) => part.trim());
    const items = (original.mustHavesByJob[job.id] ?? []).map((mustHave) => `<li>${escapeHtml(mustHave)}</li>`).join('');
    return {
      id: jobId(job.id),
      title: job.title,
      status: 'Accepting Candidates',
      isOpen: true,
      isDeleted: false,
      employmentType: 'Direct Hire',
      address: { address1: '200 Commerce Way', city, state, zip: '00000', countryID: 1 },
      publicDescription: `<p>${escapeHtml(job.title)}</p><p>Location: ${escapeHtml(job.location)}</p><p>Requirements:</p><ul>${items}</ul>`,
      dateAdded: ms(job.createdAt),
      dateLastModified: ms(job.updatedAt),
    };
  });

  const candidates: BullhornRecord[] = original.candidates.map((candidate) => {
    const [occupation, companyName] = candidate.headline.split(' at ');
    const [city, state] = candidate.location.split(',').map((part) => part.trim());
    const n = numberOf(candidate.id);
    return {
      id: candidateId(candidate.id),
      firstName: 'Candidate',
      lastName: String(n).padStart(4, '0'),
      occupation,
      companyName,
      email: `candidate${n}@example.com`,
      phone: `555-01${String(n % 100).padStart(2, '0')}`,
      address: { address1: `${100 + n} Main Street`, city, state },
      description: `<p>${escapeHtml(candidate.profile)}</p>`,
      skillSet: '',
      educationDegree: '',
      isDeleted: false,
      dateAdded: Date.parse(day) - 600 * DAY_MS,
      dateLastModified: Date.parse(day) - 30 * DAY_MS,
    };
  });

  const jobSubmissions: BullhornRecord[] = [];
  const placements: BullhornRecord[] = [];
  original.applications.forEach((application, index) => {
    const n = numberOf(application.id);
    const hired = application.status === 'hired';
    const closed = ms(application.closedAt);
    const status = submissionStatusOf(application, index);
    jobSubmissions.push({
      id: SUBMISSION_ID_BASE + n,
      candidate: { id: candidateId(application.candidateId) },
      jobOrder: { id: jobId(application.jobId) },
      status,
      isDeleted: false,
      dateAdded: ms(application.appliedAt),
      dateWebResponse: null,
      // A placement is recorded a week before the candidate begins; the submission last changed then.
      dateLastModified: hired && closed !== null ? closed - 7 * DAY_MS : ms(application.updatedAt),
    });
    if (hired && closed !== null) {
      placements.push({
        id: PLACEMENT_ID_BASE + n,
        candidate: { id: candidateId(application.candidateId) },
        jobOrder: { id: jobId(application.jobId) },
        jobSubmission: { id: SUBMISSION_ID_BASE + n, dateAdded: ms(application.appliedAt), dateWebResponse: null },
        status: 'Approved',
        employmentType: 'Direct Hire',
        dateBegin: closed,
        dateAdded: closed - 7 * DAY_MS,
        dateLastModified: closed - 7 * DAY_MS,
      });
    }
  });

  // The history as the connector reads it: Bullhorn ids, one application per candidate and job.
  const history: SyntheticHistory = {
    ...original,
    jobs: original.jobs.map((job) => ({ ...job, id: String(jobId(job.id)) })),
    candidates: original.candidates.map((candidate) => ({ ...candidate, id: String(candidateId(candidate.id)) })),
    applications: original.applications.map((application) => ({
      ...application,
      id: `${candidateId(application.candidateId)}:${jobId(application.jobId)}`,
      candidateId: String(candidateId(application.candidateId)),
      jobId: String(jobId(application.jobId)),
    })),
    mustHavesByJob: Object.fromEntries(Object.entries(original.mustHavesByJob).map(([id, mustHaves]) => [String(jobId(id)), mustHaves])),
  };
  return { history, data: { jobOrders, candidates, jobSubmissions, placements } };
}

function submissionStatusOf(application: AtsApplication, index: number): string {
  switch (application.status) {
    case 'hired':
      return index % 3 === 0 ? 'Offer Extended' : 'Placed';
    case 'rejected':
      return 'Client Rejected';
    case 'withdrawn':
      return 'Candidate Not Interested';
    case 'active':
      return OPEN_STATUSES[index % OPEN_STATUSES.length];
  }
}
