import { LEVER_ARCHIVE_REASONS, leverOpportunity, leverPosting, type FakeLeverData, type LeverRecord } from './fake-lever';
import { demoFamily, demoPersonName, demoPosition, escapeHtml, numberOfSyntheticId } from './demo-people';
import { syntheticHistory, type SyntheticHistory } from './synthetic-history';

/**
 * The demo Lever account of the local runtime: {@link syntheticHistory} (a seeded history with a
 * planted signal) written as Lever API v1 records built on the documented examples
 * (fixtures/lever/, see SOURCES.md there), so the product, reading it through the real Lever
 * connector, finds what the history holds:
 * - postings with the requirements as a content list, the job's city in `categories.location`;
 * - one opportunity per application (the contact is the person), `location` the candidate's city,
 *   `headline` their past employer and school (as Lever's headline is), the stage by name;
 * - closed applications archived: a hire with Lever's fixed "Hired" reason, a rejection with
 *   "Underqualified", a withdrawal with "Withdrew", each at `archivedAt`, the close; the
 *   opportunity was touched again days later (`updatedAt`), so only `archivedAt` dates it;
 * - a parsed resume per opportunity: the current position (the headline the connector builds)
 *   with the profile's sentences as its summary, and a school.
 */

export const LEVER_DEMO_SEED = 'talentpilot-lever-demo';
/** Closed applications in the demo account: enough for a held-out test that shows the signal. */
export const LEVER_DEMO_CLOSED_APPLICATIONS = 240;

const DAY_MS = 86_400_000;
const [HIRED, UNDERQUALIFIED, WITHDREW] = LEVER_ARCHIVE_REASONS.map((reason) => reason.id);
/** The pipeline stages of the synthetic history, in order (each gets its own stage id). */
const STAGES = ['Application Review', 'Phone Screen', 'Onsite Interview', 'Offer'];
const ARCHIVE_REASON = { hired: HIRED, rejected: UNDERQUALIFIED, withdrawn: WITHDREW } as const;

/** A made-up Lever-style UUID (Lever's ids are UUIDs) for record `n` of a kind. */
const uuid = (kind: number, n: number) => `${(0x1e7e0000 + kind).toString(16)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const leverDemoPostingId = (index: number) => uuid(1, index + 1);
export const leverDemoOpportunityId = (n: number) => uuid(2, n);
export const leverDemoContactId = (n: number) => uuid(3, n);

export interface LeverDemoHistory {
  readonly data: FakeLeverData;
  /** The history as it was generated (tests compare the connector's reading with it). */
  readonly history: SyntheticHistory;
}

/** The demo account as of the start of `now`'s day (UTC): the same records all day. */
export function leverDemoHistory(now: Date = new Date(), closedApplications: number = LEVER_DEMO_CLOSED_APPLICATIONS): LeverDemoHistory {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const history = syntheticHistory({ seed: LEVER_DEMO_SEED, closedApplications, now: day });
  const jobIndex = new Map(history.jobs.map((job, index) => [job.id, index]));
  const candidates = new Map(history.candidates.map((candidate) => [candidate.id, candidate]));

  const postings = history.jobs.map((job, index) => {
    const family = demoFamily(index);
    const items = (history.mustHavesByJob[job.id] ?? []).map((mustHave) => `<li>${escapeHtml(mustHave)}</li>`).join('');
    const [city] = job.location.split(',');
    return leverPosting({
      id: leverDemoPostingId(index),
      text: job.title,
      createdAt: Date.parse(job.createdAt ?? day),
      updatedAt: Date.parse(job.updatedAt ?? day),
      categories: {
        team: family.department,
        department: family.department,
        location: job.location,
        allLocations: [job.location],
        commitment: 'Full-time',
        level: job.title.startsWith('Senior') ? 'Senior' : 'Mid',
      },
      tags: [family.department, city],
      content: {
        description: family.intro,
        descriptionHtml: `<div>${escapeHtml(family.intro)}</div>`,
        lists: [{ text: 'Requirements', content: items }],
        closing: 'We value diverse teams.',
        closingHtml: '<div>We value diverse teams.</div>',
      },
    });
  });

  const opportunities: LeverRecord[] = [];
  const resumes: Record<string, LeverRecord[]> = {};
  for (const application of history.applications) {
    const n = numberOfSyntheticId(application.id);
    const candidate = candidates.get(application.candidateId);
    const index = jobIndex.get(application.jobId) ?? 0;
    const family = demoFamily(index);
    const { firstName, lastName } = demoPersonName(n);
    const { title, company } = demoPosition(candidate?.headline ?? '', family);
    const applied = Date.parse(application.appliedAt ?? day);
    const closed = application.closedAt === null ? null : Date.parse(application.closedAt);
    const id = leverDemoOpportunityId(n);
    const touched = closed === null ? Date.parse(day) - DAY_MS : closed + (3 + (n % 20)) * DAY_MS;
    const opportunity = leverOpportunity(
      {
        id,
        contact: leverDemoContactId(n),
        posting: leverDemoPostingId(index),
        name: `${firstName} ${lastName}`,
        headline: `${company}, ${family.school.org}`,
        location: candidate?.location ?? '',
        emails: [
          `${firstName}.${lastName}@example.com`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z.@]/g, ''),
        ],
        phones: [{ type: 'mobile', value: `(555) 010-${String(n % 10_000).padStart(4, '0')}` }],
        links: [],
        tags: [],
        stage: { id: uuid(4, STAGES.indexOf(application.stage) + 1), text: application.stage },
        archived:
          application.status === 'active' || closed === null ? null : { reason: ARCHIVE_REASON[application.status], archivedAt: closed },
        createdAt: applied,
        updatedAt: touched,
        lastInteractionAt: touched,
        lastAdvancedAt: closed ?? applied,
      },
      0,
    );
    // The application was made when the opportunity was: the helper dates it by its day argument.
    opportunities.push({
      ...opportunity,
      applications: (opportunity.applications as LeverRecord[]).map((item) => ({ ...item, createdAt: applied })),
    });
    resumes[id] = [
      {
        id: uuid(5, n),
        createdAt: applied,
        file: { name: `${firstName}-${lastName}.pdf`.toLowerCase(), ext: '.pdf', uploadedAt: applied },
        parsedData: {
          positions: [{ org: company, title, summary: candidate?.profile ?? '', start: { year: 2019, month: 1 + (n % 12) }, end: null }],
          schools: [{ ...family.school, start: { year: 2011 }, end: { year: 2015 } }],
        },
      },
    ];
  }
  return { data: { postings, opportunities, archiveReasons: LEVER_ARCHIVE_REASONS, resumes }, history };
}
