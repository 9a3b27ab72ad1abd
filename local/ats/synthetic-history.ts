import type { AtsApplication, AtsCandidate, AtsJob } from '../../lambdas/ats/ats-port';
import { seededRandom, shuffled, type Random } from '../../lambdas/ats/prediction/seeded-random';

/**
 * A made-up ATS history with a KNOWN signal, for placement-prediction tests, the local runtime
 * and browser tests: candidates whose profiles meet more of a job's must-haves, and who live in
 * the job's city, are hired far more often; each outcome is still a coin toss with that chance,
 * so there is noise. With `signal: false` outcomes ignore the candidate entirely. Seeded: the same
 * options always give the same history.
 */

export interface SyntheticHistoryOptions {
  readonly seed: number | string;
  /** Closed applications (hired, rejected or withdrawn). Default 300. */
  readonly closedApplications?: number;
  /** Active applications to predict, spread over the jobs. Default 24. */
  readonly activeApplications?: number;
  /** Whether outcomes depend on must-haves and location. Default true. */
  readonly signal?: boolean;
  /** The chance of a placement when there is no signal. Default 0.3. */
  readonly placementRate?: number;
  /** Default '2026-06-30T00:00:00.000Z'. */
  readonly now?: string;
}

export interface SyntheticHistory {
  readonly jobs: AtsJob[];
  readonly candidates: AtsCandidate[];
  readonly applications: AtsApplication[];
  /** The five confirmed must-haves of each job. */
  readonly mustHavesByJob: Record<string, string[]>;
  readonly now: string;
}

interface JobTemplate {
  readonly title: string;
  readonly location: string;
  readonly headlines: readonly string[];
  /** Must-have and a profile sentence that shows it. */
  readonly mustHaves: readonly (readonly [string, string])[];
}

const TEMPLATES: readonly JobTemplate[] = [
  {
    title: 'Senior Backend Engineer',
    location: 'Austin, TX',
    headlines: ['Senior Backend Engineer', 'Backend Developer', 'Software Engineer', 'Senior Software Engineer'],
    mustHaves: [
      ['Java', 'Built Java services for a payments platform.'],
      ['Kubernetes', 'Runs production services on Kubernetes.'],
      ['PostgreSQL', 'Designed PostgreSQL schemas for billing.'],
      ['Kafka', 'Built event pipelines on Kafka.'],
      ['AWS', 'Deployed workloads to AWS.'],
    ],
  },
  {
    title: 'Staff Accountant',
    location: 'Denver, CO',
    headlines: ['Staff Accountant', 'Accountant', 'Senior Accountant', 'Accounting Specialist'],
    mustHaves: [
      ['Month-end close', 'Owned the month-end close for three entities.'],
      ['GAAP', 'Applied GAAP to revenue recognition.'],
      ['Excel', 'Builds advanced Excel models.'],
      ['Account reconciliations', 'Performed account reconciliations every month.'],
      ['NetSuite', 'Worked daily in NetSuite.'],
    ],
  },
  {
    title: 'Registered Nurse - ICU',
    location: 'Chicago, IL',
    headlines: ['Registered Nurse', 'ICU Nurse', 'Staff Nurse', 'Charge Nurse'],
    mustHaves: [
      ['BLS certification', 'Holds a current BLS certification.'],
      ['ACLS certification', 'Holds a current ACLS certification.'],
      ['Epic', 'Charts in Epic every shift.'],
      ['Ventilator management', 'Experienced in ventilator management for critical patients.'],
      ['Telemetry', 'Monitors telemetry on a cardiac unit.'],
    ],
  },
];

const OTHER_PLACES = ['Seattle, WA', 'Boston, MA', 'Miami, FL', 'Portland, OR', 'Atlanta, GA', 'Phoenix, AZ'];
const FILLER = ['Enjoys working with people across teams.', 'Volunteers at a local food bank.', 'Likes to keep things organised and calm.'];
const DAY_MS = 86_400_000;

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)];
}

const at = (ms: number) => new Date(ms).toISOString();

/** A seeded history of jobs, candidates and applications (closed ones first, then active ones). */
export function syntheticHistory(options: SyntheticHistoryOptions): SyntheticHistory {
  const random = seededRandom(options.seed);
  const now = options.now ?? '2026-06-30T00:00:00.000Z';
  const nowMs = Date.parse(now);
  const signal = options.signal ?? true;
  const closedCount = options.closedApplications ?? 300;
  const activeCount = options.activeApplications ?? 24;
  const jobs: AtsJob[] = TEMPLATES.map((t, i) => ({
    id: `job-${i + 1}`,
    title: t.title,
    status: 'open',
    location: t.location,
    department: '',
    description: `${t.title}\nLocation: ${t.location}\n\nRequirements:\n${t.mustHaves.map(([m]) => `- ${m}`).join('\n')}\n`,
    createdAt: at(nowMs - 500 * DAY_MS),
    updatedAt: at(nowMs - 10 * DAY_MS),
  }));
  const mustHavesByJob = Object.fromEntries(TEMPLATES.map((t, i) => [`job-${i + 1}`, t.mustHaves.map(([m]) => m)]));
  const candidates: AtsCandidate[] = [];
  const applications: AtsApplication[] = [];

  for (let i = 0; i < closedCount + activeCount; i += 1) {
    const jobIndex = i % TEMPLATES.length;
    const template = TEMPLATES[jobIndex];
    const met = Math.floor(random() * (template.mustHaves.length + 1));
    const shown = shuffled(template.mustHaves, random)
      .slice(0, met)
      .map(([, sentence]) => sentence);
    const local = random() < 0.5;
    const id = String(i + 1).padStart(4, '0');
    candidates.push({
      id: `cand-${id}`,
      name: `Candidate ${id}`,
      headline: `${pick(template.headlines, random)} at Company ${1 + Math.floor(random() * 40)}`,
      location: local ? template.location : pick(OTHER_PLACES, random),
      profile: shuffled([...shown, pick(FILLER, random)], random).join(' '),
      createdAt: null,
      updatedAt: null,
    });
    const appliedDraw = nowMs - Math.floor(30 + random() * 400) * DAY_MS;
    const active = i >= closedCount;
    // The planted signal: must-have coverage counts most, living in the job's city helps too.
    const chance = signal
      ? 1 / (1 + Math.exp(-(-4.5 + 6 * (met / template.mustHaves.length) + 2 * (local ? 1 : 0))))
      : (options.placementRate ?? 0.3);
    const hired = random() < chance;
    const withdrawn = random() < 0.15;
    const closedAfter = Math.floor(5 + random() * 60);
    // A closed application closed at least 30 days before `now`: it was applied for before that.
    const applied = active ? appliedDraw : appliedDraw - closedAfter * DAY_MS;
    applications.push({
      id: `app-${id}`,
      candidateId: `cand-${id}`,
      jobId: jobs[jobIndex].id,
      status: active ? 'active' : hired ? 'hired' : withdrawn ? 'withdrawn' : 'rejected',
      stage: active || !hired ? pick(['Application Review', 'Phone Screen', 'Onsite Interview'], random) : 'Offer',
      appliedAt: at(applied),
      closedAt: active ? null : at(applied + closedAfter * DAY_MS),
      updatedAt: at(active ? nowMs - DAY_MS : applied + closedAfter * DAY_MS),
    });
  }
  return { jobs, candidates, applications, mustHavesByJob, now };
}
