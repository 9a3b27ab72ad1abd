import type { AtsApplication, AtsCandidate, AtsJob } from '../../lambdas/ats/ats-port';
import {
  greenhouseApplication,
  greenhouseCandidate,
  greenhouseJob,
  type FakeGreenhouseData,
  type GreenhouseRecord,
} from './fake-greenhouse';
import { syntheticHistory, type SyntheticHistory, type SyntheticHistoryOptions } from './synthetic-history';

/**
 * The demo Greenhouse account of the local runtime: {@link syntheticHistory} (a seeded history
 * with a planted signal) written as Greenhouse Harvest v1 records, so that the product, reading
 * it through the real Greenhouse connector, finds what the history holds:
 * - jobs: `name`, `notes` (the posting as HTML: title, location, requirements list), `status`,
 *   `departments`, `offices[].location.name` (the job's city);
 * - candidates: `first_name`/`last_name` (made-up names), `title`/`company` (the headline),
 *   one current `employments` entry and one `educations` entry in the job's field, and their
 *   applications embedded as Harvest embeds them, with `location.address` (the candidate's city)
 *   and an answer that carries the profile's sentences; contact fields are filled with
 *   example.com/555 values the connector must never read;
 * - applications: `status` active/hired/rejected (a withdrawal is `rejected` with the rejection
 *   type "They rejected us"), `current_stage`, `applied_at`, `rejected_at`, `last_activity_at`
 *   (for a placement, the hire), `jobs`, `prospect: false`.
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

/** Per job family (the synthetic history's job order): department, stage ids, employers, schools. */
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
    education: {
      degree: "Bachelor's Degree",
      discipline: 'Computer Science',
      schools: ['University of Texas at Austin', 'Texas A&M University', 'Georgia Institute of Technology', 'Purdue University'],
    },
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
    education: {
      degree: "Bachelor's Degree",
      discipline: 'Business Administration',
      schools: [
        'University of Colorado Denver',
        'Colorado State University',
        'University of Denver',
        'Metropolitan State University of Denver',
      ],
    },
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
    education: {
      degree: 'Bachelor of Science in Nursing',
      discipline: 'Nursing',
      schools: ['Loyola University Chicago', 'University of Illinois Chicago', 'DePaul University', 'Rush University'],
    },
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
const REJECTED = { id: 8_100_001, name: 'Lacking skill(s)/qualification(s)', type: { id: 1, name: 'We rejected them' } };
const WITHDREW = { id: 8_100_002, name: 'Took another offer', type: { id: 2, name: 'They rejected us' } };

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

/** The posting as Harvest job notes: the same lines the synthetic description has, as HTML, after an introduction. */
function jobNotes(job: AtsJob, mustHaves: readonly string[], intro: string): string {
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

/** The synthetic history as Greenhouse Harvest records; `options` as {@link syntheticHistory} takes them. */
export function greenhouseHistory(options: SyntheticHistoryOptions): GreenhouseDemoHistory {
  const history = syntheticHistory(options);
  const jobIndex = new Map(history.jobs.map((job, index) => [job.id, index]));
  const jobIdOf = (id: string) => JOB_ID_BASE + (jobIndex.get(id) ?? 0) + 1;
  const candidatesById = new Map(history.candidates.map((candidate) => [candidate.id, candidate]));

  const jobs = history.jobs.map((job, index) => {
    const family = FAMILIES[index % FAMILIES.length];
    const [city] = job.location.split(',');
    return greenhouseJob({
      id: jobIdOf(job.id),
      name: job.title,
      requisition_id: `REQ-${1040 + index}`,
      notes: jobNotes(job, history.mustHavesByJob[job.id] ?? [], family.intro),
      status: job.status,
      created_at: job.createdAt,
      opened_at: job.createdAt,
      updated_at: job.updatedAt,
      departments: [{ id: 25_900 + index, name: family.department, parent_id: null, child_ids: [], external_id: null }],
      offices: [
        {
          id: 47_000 + index,
          name: city,
          location: { name: job.location },
          primary_contact_user_id: null,
          parent_id: null,
          child_ids: [],
          external_id: null,
        },
      ],
      openings: [
        {
          id: 9_000 + index,
          opening_id: `${index + 1}-1`,
          status: 'open',
          opened_at: job.createdAt,
          closed_at: null,
          application_id: null,
          close_reason: null,
        },
      ],
    });
  });

  const applicationOf = (application: AtsApplication): GreenhouseRecord => {
    const candidate = candidatesById.get(application.candidateId);
    const job = history.jobs[jobIndex.get(application.jobId) ?? 0];
    const withdrawn = application.status === 'withdrawn';
    const closed = application.status !== 'active';
    return greenhouseApplication({
      id: APPLICATION_ID_BASE + numberOf(application.id),
      candidate_id: CANDIDATE_ID_BASE + numberOf(application.candidateId),
      job_id: jobIdOf(application.jobId),
      jobs: [{ id: jobIdOf(application.jobId), name: job.title }],
      status: application.status === 'withdrawn' ? 'rejected' : application.status,
      current_stage: { id: STAGE_IDS[application.stage] ?? 7_100_001, name: application.stage },
      applied_at: application.appliedAt,
      rejected_at: closed && application.status !== 'hired' ? application.closedAt : null,
      rejection_reason: !closed || application.status === 'hired' ? null : withdrawn ? WITHDREW : REJECTED,
      last_activity_at: application.updatedAt,
      location: { address: candidate?.location ?? '' },
      source: { id: 2, public_name: 'Jobs page on your website' },
      answers: [
        { question: 'How did you hear about this job?', answer: 'Company careers page' },
        { question: EXPERIENCE_QUESTION, answer: candidate?.profile ?? '' },
      ],
    });
  };
  const applications = history.applications.map(applicationOf);
  const applicationsByCandidate = new Map<string, GreenhouseRecord[]>();
  history.applications.forEach((application, index) => {
    applicationsByCandidate.set(application.candidateId, [
      ...(applicationsByCandidate.get(application.candidateId) ?? []),
      applications[index],
    ]);
  });
  const firstApplication = new Map<string, AtsApplication>();
  for (const application of history.applications)
    if (!firstApplication.has(application.candidateId)) firstApplication.set(application.candidateId, application);

  const candidates = history.candidates.map((candidate: AtsCandidate) => {
    const n = numberOf(candidate.id);
    const application = firstApplication.get(candidate.id);
    const family = FAMILIES[(jobIndex.get(application?.jobId ?? '') ?? 0) % FAMILIES.length];
    const { title, company } = splitHeadline(candidate.headline);
    const employer = family.employers[company % family.employers.length];
    const firstName = FIRST_NAMES[n % FIRST_NAMES.length];
    const lastName = LAST_NAMES[n % LAST_NAMES.length];
    const applied = Date.parse(application?.appliedAt ?? history.now);
    const startedYearsAgo = 2 + (n % 6);
    const since = new Date(applied - startedYearsAgo * 365 * DAY_MS);
    const graduated = new Date(applied - (startedYearsAgo + 2 + (n % 3)) * 365 * DAY_MS);
    const embedded = applicationsByCandidate.get(candidate.id) ?? [];
    const handle = `${firstName}.${lastName}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z.]/g, '');
    return greenhouseCandidate({
      id: CANDIDATE_ID_BASE + n,
      first_name: firstName,
      last_name: lastName,
      company: employer,
      title,
      created_at: application?.appliedAt ?? history.now,
      updated_at: application?.updatedAt ?? history.now,
      last_activity: application?.updatedAt ?? history.now,
      application_ids: embedded.map((record) => record.id),
      applications: embedded,
      phone_numbers: [{ value: `555-01${String(n % 100).padStart(2, '0')}`, type: 'mobile' }],
      addresses: [{ value: `${100 + n} Main Street\n${candidate.location}`, type: 'home' }],
      email_addresses: [{ value: `${handle}@example.com`, type: 'personal' }],
      website_addresses: [],
      social_media_addresses: [{ value: `linkedin.com/in/${handle.replace('.', '-')}` }],
      tags: [],
      educations: [
        {
          id: 560_000 + n,
          school_name: family.education.schools[n % family.education.schools.length],
          degree: family.education.degree,
          discipline: family.education.discipline,
          start_date: new Date(graduated.getTime() - 4 * 365 * DAY_MS).toISOString(),
          end_date: graduated.toISOString(),
        },
      ],
      employments: [{ id: 8_480_000 + n, company_name: employer, title, start_date: since.toISOString(), end_date: null }],
      custom_fields: {},
      keyed_custom_fields: {},
    });
  });

  return { data: { jobs, candidates, applications }, history };
}

/**
 * The demo account `npm start` serves: {@link GREENHOUSE_DEMO_CLOSED_APPLICATIONS} closed and 24
 * active applications over three jobs, dated up to `now` (the start of today, UTC, by default, so
 * the history always looks recent).
 */
export function greenhouseDemoHistory(now: Date = new Date()): GreenhouseDemoHistory {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return greenhouseHistory({ seed: GREENHOUSE_DEMO_SEED, closedApplications: GREENHOUSE_DEMO_CLOSED_APPLICATIONS, now: day.toISOString() });
}
