import type { AtsApplication, AtsCandidate, AtsJob } from '../../lambdas/ats/ats-port';
import {
  GREENHOUSE_REJECTION_REASONS,
  REJECTED_REASON_ID,
  WITHDREW_REASON_ID,
  greenhouseApplication,
  greenhouseCandidate,
  greenhouseDepartment,
  greenhouseJob,
  greenhouseJobPost,
  greenhouseOffice,
  greenhouseOpening,
  type FakeGreenhouseData,
  type GreenhouseRecord,
} from './fake-greenhouse';
import { syntheticHistory, type SyntheticHistory, type SyntheticHistoryOptions } from './synthetic-history';

/**
 * The demo Greenhouse account of the local runtime: {@link syntheticHistory} (a seeded history
 * with a planted signal) written as Greenhouse Harvest v3 records built from the fixtures, so that
 * the product, reading it through the real Greenhouse connector, finds what the history holds:
 * - jobs: `name`, `status`, `department_id`, `office_ids`, and `notes` that are the hiring team's
 *   notes only (no requirements: a connector reading them as the posting finds no must-haves);
 * - job posts: the posting as HTML (title, location, requirements list) in `content`;
 * - offices (`location` is the job's city) and departments;
 * - candidates: made-up names, `title`/`company` (the headline); contact fields filled with
 *   example.com/555 values the connector must never read;
 * - applications: `status` in_process/hired/rejected (a withdrawal is `rejected` with a reason of
 *   type "They rejected us"), `stage_name`, `created_at` (applied), `rejected_at`,
 *   `location_address` (the candidate's city) and an answer that carries the profile's sentences.
 *   A hire's `updated_at`/`last_activity_at` are days AFTER the hire (onboarding notes), so only
 *   the opening's `closed_at` gives the hire date;
 * - openings: one closed opening per hire, naming the application, closed when it was made, and
 *   one open opening per job.
 * A plain module: the runtime serves it, tests read it through the connector.
 */
/** The seed of the demo history: the same account on every start. */
export const GREENHOUSE_DEMO_SEED = 'talentpilot-greenhouse-demo';

/** Closed applications in the demo history: enough for a held-out test that shows the signal. */
export const GREENHOUSE_DEMO_CLOSED_APPLICATIONS = 360;

/** The question whose answer carries the candidate's experience (Greenhouse application questions are free text). */
export const EXPERIENCE_QUESTION = 'Tell us about your relevant experience';

const JOB_ID_BASE = 4_100_000;
const CANDIDATE_ID_BASE = 5_200_000;
const APPLICATION_ID_BASE = 6_300_000;
const DAY_MS = 86_400_000;

/** Per job family (the synthetic history's job order): department, the posting's introduction, employers. */
const FAMILIES = [
  {
    department: 'Engineering',
    intro: 'Our payments platform moves money for thousands of small businesses; you will build and run the services behind it.',
    employers: [
      'Brightline Payments',
      'Northwind Software',
      'Cobalt Cloud',
      'Lumen Logistics Tech',
      'Fieldstone Systems',
      'Harbor Analytics',
      'Quarry Labs',
    ],
  },
  {
    department: 'Finance',
    intro: 'Join a growing finance team that closes the books for a multi-entity distribution group.',
    employers: [
      'Summit Ridge CPAs',
      'Front Range Distribution',
      'Alpine Health Partners',
      'Peak Mountain Retail',
      'Cherry Creek Holdings',
      'Aspen Freight',
    ],
  },
  {
    department: 'Nursing',
    intro: 'Care for critically ill adults in a 24-bed medical ICU at a Level I trauma center.',
    employers: [
      'Lakeshore Medical Center',
      'Northside Community Hospital',
      "St. Brendan's Hospital",
      'Midwest Regional Health',
      'Riverside University Hospital',
    ],
  },
] as const;

const FIRST_NAMES = [
  'Avery',
  'Jordan',
  'Priya',
  'Marcus',
  'Elena',
  'Tomás',
  'Grace',
  'Darnell',
  'Mei',
  'Samuel',
  'Fatima',
  'Connor',
  'Lucia',
  'Andre',
  'Hannah',
  'Ravi',
  'Olivia',
  'Malik',
  'Sofia',
  'Ethan',
  'Aisha',
  'Noah',
  'Camila',
  'Daniel',
  'Yuki',
  'Isaac',
  'Leah',
  'Omar',
  'Chloe',
  'Gabriel',
] as const;
const LAST_NAMES = [
  'Nguyen',
  'Patel',
  'Garcia',
  'Johnson',
  'Kim',
  'Okafor',
  'Schmidt',
  'Rivera',
  'Chen',
  'Williams',
  'Haddad',
  'Kowalski',
  'Brown',
  'Santos',
  'Murphy',
  'Ali',
  'Larsen',
  'Thompson',
  'Morales',
  'Singh',
  'Fischer',
  'Davis',
  'Tanaka',
  'Reyes',
  'Novak',
  'Clarke',
  'Mendoza',
  'Bauer',
  'Owens',
  'Ibrahim',
  'Walsh',
  'Costa',
  'Park',
  'Jensen',
  'Adeyemi',
  'Russo',
  'Hughes',
] as const;

const STAGE_IDS: Readonly<Record<string, number>> = {
  'Application Review': 7_100_001,
  'Phone Screen': 7_100_002,
  'Onsite Interview': 7_100_003,
  Offer: 7_100_004,
};
/** The ids of the demo account's offices, departments, job posts and openings. */
const OFFICE_ID_BASE = 47_000;
const DEPARTMENT_ID_BASE = 25_900;
const JOB_POST_ID_BASE = 8_800_000;
const OPENING_ID_BASE = 9_000_000;

export interface GreenhouseDemoHistory {
  /** What the fake Greenhouse serves. */
  readonly data: Required<FakeGreenhouseData>;
  /** The history in the port's types, as it was generated (tests compare the connector's reading with it). */
  readonly history: SyntheticHistory;
}

/** `n` from the synthetic history's ids (`cand-0042` → 42). */
function numberOf(id: string): number {
  return Number(/(\d+)$/.exec(id)?.[1] ?? 0);
}

/** The posting as a job post's HTML: the same lines the synthetic description has, after an introduction. */
function postingHtml(job: AtsJob, mustHaves: readonly string[], intro: string): string {
  const items = mustHaves.map((mustHave) => `<li>${escapeHtml(mustHave)}</li>`).join('');
  return `<p>${escapeHtml(job.title)}</p><p>Location: ${escapeHtml(job.location)}</p><p>${escapeHtml(intro)}</p><p>Requirements:</p><ul>${items}</ul>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** "Senior Backend Engineer at Company 17" → its title and the number of its company. */
function splitHeadline(headline: string): { title: string; company: number } {
  const at = headline.lastIndexOf(' at ');
  const title = at < 0 ? headline : headline.slice(0, at);
  return { title, company: Number(/(\d+)$/.exec(headline)?.[1] ?? 1) };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The synthetic history as Greenhouse Harvest v3 records; `options` as {@link syntheticHistory} takes them. */
export function greenhouseHistory(options: SyntheticHistoryOptions): GreenhouseDemoHistory {
  return greenhouseRecordsOf(syntheticHistory(options));
}

/** Any history in the port's types (a test's own, too) as Greenhouse Harvest v3 records. */
export function greenhouseRecordsOf(history: SyntheticHistory): GreenhouseDemoHistory {
  const jobIndex = new Map(history.jobs.map((job, index) => [job.id, index]));
  const jobIdOf = (id: string) => JOB_ID_BASE + (jobIndex.get(id) ?? 0) + 1;
  const candidatesById = new Map(history.candidates.map((candidate) => [candidate.id, candidate]));

  const offices = history.jobs.map((job, index) =>
    greenhouseOffice({ id: OFFICE_ID_BASE + index, name: job.location.split(',')[0], location: job.location }),
  );
  const departments = FAMILIES.map((family, index) => greenhouseDepartment({ id: DEPARTMENT_ID_BASE + index, name: family.department }));
  const jobs = history.jobs.map((job, index) =>
    greenhouseJob({
      id: jobIdOf(job.id),
      name: job.title,
      requisition_id: `REQ-${1040 + index}`,
      notes: '<p>Hiring plan: one hire this quarter; the hiring manager screens every shortlist.</p>',
      status: job.status,
      created_at: job.createdAt,
      opened_at: job.createdAt,
      closed_at: null,
      updated_at: job.updatedAt,
      department_id: DEPARTMENT_ID_BASE + (index % FAMILIES.length),
      office_ids: [OFFICE_ID_BASE + index],
      custom_fields: {},
    }),
  );
  const jobPosts = history.jobs.map((job, index) =>
    greenhouseJobPost({
      id: JOB_POST_ID_BASE + index,
      title: job.title,
      job_id: jobIdOf(job.id),
      content: postingHtml(job, history.mustHavesByJob[job.id] ?? [], FAMILIES[index % FAMILIES.length].intro),
      first_published_at: job.createdAt,
      public_url: `https://job-boards.example.org/talentpilot-demo/jobs/${JOB_POST_ID_BASE + index}`,
      created_at: job.createdAt,
      updated_at: job.updatedAt,
    }),
  );

  const openings: GreenhouseRecord[] = history.jobs.map((job, index) =>
    greenhouseOpening({
      id: OPENING_ID_BASE + index,
      opening_id: `${index + 1}-open`,
      job_id: jobIdOf(job.id),
      open: true,
      opened_at: job.createdAt,
      closed_at: null,
      application_id: null,
      close_reason_id: null,
      target_start_on: null,
      custom_fields: {},
      created_at: job.createdAt,
      updated_at: job.createdAt,
    }),
  );
  const applications = history.applications.map((application: AtsApplication) => {
    const n = numberOf(application.id);
    const candidate = candidatesById.get(application.candidateId);
    const job = history.jobs[jobIndex.get(application.jobId) ?? 0];
    const hired = application.status === 'hired';
    const rejected = application.status === 'rejected' || application.status === 'withdrawn';
    const applicationId = APPLICATION_ID_BASE + n;
    // After a hire, onboarding notes keep the application's activity moving: only the opening dates the hire.
    const lastActivity =
      hired && application.closedAt ? iso(Date.parse(application.closedAt) + (3 + (n % 25)) * DAY_MS) : application.updatedAt;
    if (hired) {
      openings.push(
        greenhouseOpening({
          id: OPENING_ID_BASE + 1000 + n,
          opening_id: `${(jobIndex.get(application.jobId) ?? 0) + 1}-${n}`,
          job_id: jobIdOf(application.jobId),
          open: false,
          opened_at: job.createdAt,
          closed_at: application.closedAt,
          application_id: applicationId,
          target_start_on: application.closedAt?.slice(0, 10) ?? null,
          custom_fields: {},
          created_at: job.createdAt,
          updated_at: application.closedAt,
        }),
      );
    }
    return greenhouseApplication({
      id: applicationId,
      candidate_id: CANDIDATE_ID_BASE + numberOf(application.candidateId),
      job_id: jobIdOf(application.jobId),
      job_post_id: JOB_POST_ID_BASE + (jobIndex.get(application.jobId) ?? 0),
      status: application.status === 'active' ? 'in_process' : hired ? 'hired' : 'rejected',
      stage_id: application.status === 'active' ? (STAGE_IDS[application.stage] ?? null) : null,
      stage_name: application.stage,
      job_interview_stage_id: application.status === 'active' ? (STAGE_IDS[application.stage] ?? null) : null,
      needs_decision: application.status === 'active',
      rejection_reason_id: rejected ? (application.status === 'withdrawn' ? WITHDREW_REASON_ID : REJECTED_REASON_ID) : null,
      rejected_at: rejected ? application.closedAt : null,
      created_at: application.appliedAt,
      updated_at: lastActivity,
      last_activity_at: lastActivity,
      location_address: candidate?.location ?? null,
      answers: [
        { question: 'How did you hear about this job?', answer: 'Company careers page' },
        { question: EXPERIENCE_QUESTION, answer: candidate?.profile ?? '' },
      ],
      custom_fields: {},
    });
  });
  const firstApplication = new Map<string, AtsApplication>();
  for (const application of history.applications)
    if (!firstApplication.has(application.candidateId)) firstApplication.set(application.candidateId, application);

  const candidates = history.candidates.map((candidate: AtsCandidate) => {
    const n = numberOf(candidate.id);
    const application = firstApplication.get(candidate.id);
    const family = FAMILIES[(jobIndex.get(application?.jobId ?? '') ?? 0) % FAMILIES.length];
    const { title, company } = splitHeadline(candidate.headline);
    const firstName = FIRST_NAMES[n % FIRST_NAMES.length];
    const lastName = LAST_NAMES[n % LAST_NAMES.length];
    const handle = `${firstName}.${lastName}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z.]/g, '');
    return greenhouseCandidate({
      id: CANDIDATE_ID_BASE + n,
      first_name: firstName,
      last_name: lastName,
      preferred_name: null,
      company: family.employers[company % family.employers.length],
      title,
      created_at: application?.appliedAt ?? history.now,
      updated_at: application?.updatedAt ?? history.now,
      last_activity_at: application?.updatedAt ?? history.now,
      tags: [],
      custom_fields: {},
      phone_numbers: [{ value: `555-01${String(n % 100).padStart(2, '0')}`, type: 'mobile' }],
      addresses: [{ value: `${100 + n} Main Street, ${candidate.location}`, type: 'home' }],
      email_addresses: [{ value: `${handle}@example.com`, type: 'personal' }],
      website_addresses: [],
      social_media_addresses: [{ value: `linkedin.com/in/${handle.replace('.', '-')}` }],
    });
  });

  return {
    data: {
      jobs,
      job_posts: jobPosts,
      candidates,
      applications,
      openings,
      offices,
      departments,
      rejection_reasons: GREENHOUSE_REJECTION_REASONS,
    },
    history,
  };
}

/**
 * The demo account `npm start` serves: {@link GREENHOUSE_DEMO_CLOSED_APPLICATIONS} closed (or
 * `closedApplications`: tests that read every table after each call choose fewer) and 24 active
 * applications over three jobs, dated up to `now` (the start of today, UTC, by default, so
 * the history always looks recent).
 */
export function greenhouseDemoHistory(
  now: Date = new Date(),
  closedApplications: number = GREENHOUSE_DEMO_CLOSED_APPLICATIONS,
): GreenhouseDemoHistory {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return greenhouseHistory({ seed: GREENHOUSE_DEMO_SEED, closedApplications, now: day.toISOString() });
}
