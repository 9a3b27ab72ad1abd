import type { AtsApplication, AtsCandidate } from '../../lambdas/ats/ats-port';
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
import { DEMO_FAMILIES, demoPersonName, demoPosition, demoPostingHtml, numberOfSyntheticId } from './demo-people';
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
  const departments = DEMO_FAMILIES.map((family, index) =>
    greenhouseDepartment({ id: DEPARTMENT_ID_BASE + index, name: family.department }),
  );
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
      department_id: DEPARTMENT_ID_BASE + (index % DEMO_FAMILIES.length),
      office_ids: [OFFICE_ID_BASE + index],
      custom_fields: {},
    }),
  );
  const jobPosts = history.jobs.map((job, index) =>
    greenhouseJobPost({
      id: JOB_POST_ID_BASE + index,
      title: job.title,
      job_id: jobIdOf(job.id),
      content: demoPostingHtml(job, history.mustHavesByJob[job.id] ?? [], DEMO_FAMILIES[index % DEMO_FAMILIES.length].intro),
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
    const n = numberOfSyntheticId(application.id);
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
      candidate_id: CANDIDATE_ID_BASE + numberOfSyntheticId(application.candidateId),
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
    const n = numberOfSyntheticId(candidate.id);
    const application = firstApplication.get(candidate.id);
    const family = DEMO_FAMILIES[(jobIndex.get(application?.jobId ?? '') ?? 0) % DEMO_FAMILIES.length];
    const { title, company } = demoPosition(candidate.headline, family);
    const { firstName, lastName } = demoPersonName(n);
    const handle = `${firstName}.${lastName}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z.]/g, '');
    return greenhouseCandidate({
      id: CANDIDATE_ID_BASE + n,
      first_name: firstName,
      last_name: lastName,
      preferred_name: null,
      company,
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
