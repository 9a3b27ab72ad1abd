import { demoFamily, demoPersonName, demoPosition, demoPostingHtml, numberOfSyntheticId } from './demo-people';
import { WORKABLE_ACCOUNT, type WorkableAccountData, type WorkableCandidateRecord, type WorkableJobRecord } from './fake-workable-data';
import { syntheticHistory, type SyntheticHistory } from './synthetic-history';

/**
 * The demo Workable account of the local runtime: {@link syntheticHistory} (a seeded history with a
 * planted signal) written as Workable SPI v3 records in the shapes of fixtures/workable/ (see
 * SOURCES.md there), so the product, reading it through the real Workable connector, finds what
 * the history holds:
 * - published jobs with the posting as `full_description` HTML and the job's city in `location`;
 * - one candidate per application (Workable's candidate belongs to one job), with `headline`, the
 *   candidate's city in `location`, the profile's sentences as `summary` and the current position
 *   as an experience entry; e-mail and phone values the connector must never copy;
 * - a hire at the "Hired" stage with `hired_at`; a rejection or withdrawal `disqualified` (with
 *   `withdrew` for a withdrawal) at `disqualified_at`, a field only the candidate detail carries,
 *   and edited again days later (`updated_at`), so only the detail dates it.
 */

export const WORKABLE_DEMO_SEED = 'talentpilot-workable-demo';
/** Closed applications in the demo account: enough for a held-out test that shows the signal. */
export const WORKABLE_DEMO_CLOSED_APPLICATIONS = 240;

const DAY_MS = 86_400_000;
/** The synthetic stages as Workable's default pipeline names them (`stage`, `stage_kind`). */
const STAGES: Readonly<Record<string, readonly [string, string]>> = {
  'Application Review': ['Applied', 'applied'],
  'Phone Screen': ['Phone screen', 'phone-screen'],
  'Onsite Interview': ['Interview', 'interview'],
  Offer: ['Offer', 'offer'],
};

/** Workable writes times without milliseconds. */
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export interface WorkableDemoHistory {
  readonly data: WorkableAccountData;
  /** The history as it was generated (tests compare the connector's reading with it). */
  readonly history: SyntheticHistory;
}

/** The demo account as of the start of `now`'s day (UTC): the same records all day. */
export function workableDemoHistory(
  now: Date = new Date(),
  closedApplications: number = WORKABLE_DEMO_CLOSED_APPLICATIONS,
): WorkableDemoHistory {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const history = syntheticHistory({ seed: WORKABLE_DEMO_SEED, closedApplications, now: day });
  const jobIndex = new Map(history.jobs.map((job, index) => [job.id, index]));
  const candidatesById = new Map(history.candidates.map((candidate) => [candidate.id, candidate]));
  const account = { subdomain: WORKABLE_ACCOUNT.subdomain, name: WORKABLE_ACCOUNT.name };

  const jobs: WorkableJobRecord[] = history.jobs.map((job, index) => {
    const family = demoFamily(index);
    const [city, region] = job.location.split(',').map((part) => part.trim());
    return {
      id: (0x7a1000 + index).toString(16),
      shortcode: `TPDEMO${String(index + 1).padStart(3, '0')}`,
      title: job.title,
      full_title: `${job.title} - US/${index + 1}`,
      state: 'published',
      department: family.department,
      location: { location_str: job.location, city, region, country: 'United States', telecommuting: false, workplace_type: 'on_site' },
      full_description: demoPostingHtml(job, history.mustHavesByJob[job.id] ?? [], family.intro),
      created_at: iso(Date.parse(job.createdAt ?? day)),
      updated_at: iso(Date.parse(job.updatedAt ?? day)),
    };
  });

  // Workable lists candidates oldest first: by when they applied.
  const applications = [...history.applications].sort((a, b) => Date.parse(a.appliedAt ?? day) - Date.parse(b.appliedAt ?? day));
  const candidates: WorkableCandidateRecord[] = applications.map((application) => {
    const n = numberOfSyntheticId(application.id);
    const index = jobIndex.get(application.jobId) ?? 0;
    const job = jobs[index];
    const family = demoFamily(index);
    const candidate = candidatesById.get(application.candidateId);
    const { firstName, lastName } = demoPersonName(n);
    const { title, company } = demoPosition(candidate?.headline ?? '', family);
    const [city] = (candidate?.location ?? '').split(',');
    const closed = application.closedAt === null ? null : Date.parse(application.closedAt);
    const hired = application.status === 'hired';
    const disqualified = application.status === 'rejected' || application.status === 'withdrawn';
    const [stage, stageKind] = hired ? ['Hired', 'hired'] : (STAGES[application.stage] ?? ['Applied', 'applied']);
    const handle = `${firstName}.${lastName}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z.]/g, '');
    return {
      id: (0xd40000 + n).toString(16),
      name: `${firstName} ${lastName}`,
      firstname: firstName,
      lastname: lastName,
      headline: `${title} at ${company}`,
      account,
      job: { shortcode: job.shortcode, title: job.title },
      stage,
      stage_kind: stageKind,
      disqualified,
      withdrew: application.status === 'withdrawn',
      disqualified_at: disqualified && closed !== null ? iso(closed) : null,
      disqualification_reason: application.status === 'rejected' ? 'Not a fit for the role' : null,
      sourced: false,
      email: `${handle}@example.com`,
      phone: `(555) 010-${String(n % 10_000).padStart(4, '0')}`,
      address: `${100 + n} Main Street, ${candidate?.location ?? ''}`,
      location: { location_str: candidate?.location ?? null, city: city?.trim() || null, country: 'United States' },
      summary: candidate?.profile ?? null,
      cover_letter: null,
      education_entries: [
        {
          degree: family.school.degree,
          school: family.school.org,
          field_of_study: family.school.field,
          start_date: '2011-09-01',
          end_date: '2015-06-01',
        },
      ],
      experience_entries: [{ title, summary: null, start_date: '2019-01-01', end_date: null, company, industry: null, current: true }],
      skills: [],
      tags: [],
      hired_at: hired && closed !== null ? iso(closed) : null,
      created_at: iso(Date.parse(application.appliedAt ?? day)),
      // Closed records were edited again later (notes, tags): the last edit is not the close.
      updated_at: iso(closed === null ? Date.parse(day) - DAY_MS : closed + (3 + (n % 20)) * DAY_MS),
    };
  });
  return { data: { ...account, jobs, candidates }, history };
}
