/**
 * Lever API v1 answers → the ATS port's types. Pure functions: no HTTP, no clock.
 *
 * Lever's model: a contact (a person) has opportunities (candidacies); an opportunity has at most
 * one application, which names the posting (job) it is for. So the port's candidate is the
 * contact (`opportunity.contact`, stable across candidacies), and the port's application is the
 * opportunity with its application's posting. Leaving the pipeline is archiving: an archive
 * reason of type `hired` is a placement, any other a rejection. Timestamps are epoch milliseconds.
 *
 * Profile text never carries contact data: `emails`, `phones` and `links` are not read, and the
 * free text that is read (headline, resume positions and schools) goes through `stripContact`.
 */
import * as z from '../../shared/zod';
import { stripContact } from '../../shared/text/contact-data';
import type { AtsApplication, AtsApplicationStatus, AtsCandidate, AtsJob, AtsJobStatus } from '../ats-port';
import { skipRecord, type RecordSkip } from './record-reading';
import { htmlToText, joinNonEmpty } from './record-text';

const text = z.nullish(z.string());
const millis = z.nullish(z.number());

/**
 * Every Lever list's envelope: `{ data, hasNext, next }`; `next` is the opaque `offset` of the next
 * page. The records are read one by one afterwards (record-reading.ts), so one odd record costs
 * that record, never the page.
 */
export const LeverListSchema = z.object({ data: z.array(z.unknown()), hasNext: z.nullish(z.boolean()), next: text });

/** One posting of `GET /v1/postings`. */
export const LeverPostingSchema = z.object({
  id: z.string(),
  text: text,
  state: text,
  createdAt: millis,
  updatedAt: millis,
  categories: z.nullish(z.object({ team: text, department: text, location: text, allLocations: z.nullish(z.array(z.string())) })),
  content: z.nullish(
    z.object({
      description: text,
      descriptionHtml: text,
      // Lever documents `text`; some clients read `title`: either names the list.
      lists: z.nullish(z.array(z.object({ text: text, title: text, content: text }))),
      closing: text,
      closingHtml: text,
    }),
  ),
});
export type LeverPosting = z.infer<typeof LeverPostingSchema>;

const Archived = z.nullish(z.object({ reason: text, archivedAt: millis }));

/** One application, as `expand=applications` inlines it in an opportunity. */
const LeverApplicationSchema = z.object({
  id: z.string(),
  posting: text,
  createdAt: millis,
  archived: Archived,
});

/** One opportunity of `GET /v1/opportunities?expand=applications&expand=stage`. Contact fields are not part of it. */
export const LeverOpportunitySchema = z.object({
  id: z.string(),
  name: text,
  headline: text,
  contact: text,
  location: text,
  // `expand=stage` gives `{ id, text }`; without it, the stage id.
  stage: z.nullish(z.union([z.string(), z.object({ id: text, text: text })])),
  archived: Archived,
  tags: z.nullish(z.array(z.string())),
  applications: z.nullish(z.array(z.union([z.string(), LeverApplicationSchema]))),
  createdAt: millis,
  updatedAt: millis,
  lastAdvancedAt: millis,
});
export type LeverOpportunity = z.infer<typeof LeverOpportunitySchema>;

/** One archive reason of `GET /v1/archive_reasons`: `type` is `hired` or `non-hired`. */
export const LeverArchiveReasonSchema = z.object({ id: z.string(), text: text, type: text });
export type LeverArchiveReason = z.infer<typeof LeverArchiveReasonSchema>;

const Dated = {
  start: z.nullish(z.object({ year: z.nullish(z.number()), month: z.nullish(z.number()) })),
  end: z.nullish(z.object({ year: z.nullish(z.number()), month: z.nullish(z.number()) })),
};
const ParsedEntry = z.object({ org: text, title: text, degree: text, field: text, summary: text, ...Dated });

/** One resume of `GET /v1/opportunities/:id/resumes`: positions and schools parsed by Lever. */
export const LeverResumeSchema = z.object({
  id: z.string(),
  parsedData: z.nullish(
    z.object({
      positions: z.nullish(z.array(ParsedEntry)),
      schools: z.nullish(z.array(ParsedEntry)),
      school: z.nullish(z.array(ParsedEntry)),
    }),
  ),
});
export type LeverResume = z.infer<typeof LeverResumeSchema>;

/** Lever's posting states: `internal` is an unlisted posting still taking candidates. */
const POSTING_STATES: Readonly<Record<string, AtsJobStatus>> = {
  published: 'open',
  internal: 'open',
  closed: 'closed',
  draft: 'draft',
  pending: 'draft',
};

function clean(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/** Epoch milliseconds as ISO 8601, or `null`. */
export function isoFromMillis(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A Lever posting as the port's job. */
export function mapLeverPosting(posting: LeverPosting): AtsJob {
  const content = posting.content;
  const lists = (content?.lists ?? []).map((list) =>
    joinNonEmpty([clean(list.text) || clean(list.title), htmlToText(list.content ?? '')], '\n'),
  );
  const description = joinNonEmpty(
    // Lever sends plain text beside the HTML for the description and closing; the lists are HTML only.
    [
      clean(content?.description) || htmlToText(content?.descriptionHtml ?? ''),
      ...lists,
      clean(content?.closing) || htmlToText(content?.closingHtml ?? ''),
    ],
    '\n\n',
  );
  const categories = posting.categories;
  const locations = categories?.allLocations?.length
    ? categories.allLocations.map((location) => location.trim()).filter(Boolean)
    : [clean(categories?.location)];
  return {
    id: posting.id,
    title: clean(posting.text),
    status: POSTING_STATES[clean(posting.state)] ?? 'other',
    location: joinNonEmpty(locations, '; '),
    department: clean(categories?.department) || clean(categories?.team),
    description,
    createdAt: isoFromMillis(posting.createdAt),
    updatedAt: isoFromMillis(posting.updatedAt),
  };
}

function month(value: { year?: number | null; month?: number | null } | null | undefined): string {
  if (!value?.year) return '';
  return value.month ? `${value.year}-${String(value.month).padStart(2, '0')}` : String(value.year);
}

function period(entry: z.infer<typeof ParsedEntry>): string {
  const start = month(entry.start);
  const end = month(entry.end);
  if (!start && !end) return '';
  return `(${start || '?'} – ${end || 'present'})`;
}

function section(heading: string, lines: readonly string[]): string {
  const body = joinNonEmpty([...new Set(lines)], '\n');
  return body ? `${heading}\n${body}` : '';
}

/**
 * The current position from the parsed resumes: an open-ended one (no end date), the latest
 * started first. Lever's `headline` is not a title (see {@link mapLeverCandidate}).
 */
function currentPosition(resumes: readonly LeverResume[]): string {
  const open = resumes
    .flatMap((resume) => resume.parsedData?.positions ?? [])
    .filter((entry) => !entry.end?.year && (clean(entry.title) || clean(entry.org)))
    .sort((a, b) => (b.start?.year ?? 0) * 12 + (b.start?.month ?? 0) - ((a.start?.year ?? 0) * 12 + (a.start?.month ?? 0)));
  const [latest] = open;
  return latest ? joinNonEmpty([latest.title, latest.org], ' at ') : '';
}

/**
 * A Lever opportunity (and its resumes, when read) as the port's candidate: the contact behind it.
 * Lever documents `headline` as "typically a list of previous companies or schools", not the
 * current title, so the port's headline (current title and company) comes from the resume's
 * open-ended position, and is '' without one; Lever's headline goes into the profile as what it is.
 */
export function mapLeverCandidate(opportunity: LeverOpportunity, resumes: readonly LeverResume[] = []): AtsCandidate {
  const parsed = resumes.map((resume) => resume.parsedData);
  const experience = parsed
    .flatMap((data) => data?.positions ?? [])
    .map((entry) => {
      const heading = joinNonEmpty([joinNonEmpty([entry.title, entry.org], ' at '), period(entry)], ' ');
      return joinNonEmpty([heading, clean(entry.summary)], '\n');
    });
  const education = parsed
    .flatMap((data) => [...(data?.schools ?? []), ...(data?.school ?? [])])
    .map((entry) => {
      const degree = joinNonEmpty([entry.degree, entry.field], ', ');
      return joinNonEmpty([joinNonEmpty([degree, entry.org], ' — '), period(entry)], ' ');
    });
  const headline = stripContact(currentPosition(resumes));
  const profile = joinNonEmpty(
    [
      headline,
      section('Companies and schools', [clean(opportunity.headline)]),
      section('Experience', experience),
      section('Education', education),
      section('Tags', [joinNonEmpty(opportunity.tags ?? [], ', ')]),
    ],
    '\n\n',
  );
  return {
    id: clean(opportunity.contact) || opportunity.id,
    name: clean(opportunity.name),
    headline,
    location: clean(opportunity.location),
    profile: stripContact(profile),
    createdAt: isoFromMillis(opportunity.createdAt),
    updatedAt: isoFromMillis(opportunity.updatedAt),
  };
}

/** What the connector knows about the account's archive reasons, by id. */
export type ArchiveReasons = ReadonlyMap<string, LeverArchiveReason>;

function archivedStatus(reasonId: string, reasons: ArchiveReasons): AtsApplicationStatus {
  const reason = reasons.get(reasonId);
  // Lever's one fixed reason is "Hired" (type `hired`); a withdrawal is a non-hired reason named so.
  if (reason?.type === 'hired' || (!reason && reasonId.toLowerCase() === 'hired')) return 'hired';
  if (reason && /withdr[ae]w|candidate declined|offer declined/i.test(clean(reason.text))) return 'withdrawn';
  return 'rejected';
}

function stageName(stage: LeverOpportunity['stage']): string {
  return typeof stage === 'object' && stage !== null ? clean(stage.text) : '';
}

/** Why an archived opportunity is skipped when the key may not read `/archive_reasons`. */
export const UNKNOWN_ARCHIVE_REASON = 'archive reason unknown (the API key may not read archive reasons)';

/**
 * A Lever opportunity as the port's application for its posting; `null` for an opportunity
 * without a posting (a general lead is not an application to a job). `reasons` is `null` when the
 * key may not read archive reasons: an archived opportunity could then be a hire or a rejection,
 * and guessing either would teach prediction the wrong thing, so it is skipped.
 */
export function mapLeverApplication(opportunity: LeverOpportunity, reasons: ArchiveReasons | null): AtsApplication | RecordSkip | null {
  const application = (opportunity.applications ?? []).find((item) => typeof item === 'object' && clean(item.posting) !== '');
  if (!application || typeof application === 'string') return null;
  const archived = opportunity.archived ?? application.archived;
  const stage = stageName(opportunity.stage);
  let status: AtsApplicationStatus = 'active';
  let closedAt: string | null = null;
  if (archived?.reason) {
    if (reasons === null) return skipRecord(UNKNOWN_ARCHIVE_REASON);
    status = archivedStatus(archived.reason, reasons);
    closedAt = isoFromMillis(archived.archivedAt);
  } else if (stage.toLowerCase() === 'hired') {
    // Some accounts keep a "Hired" pipeline stage; reaching it is the placement.
    status = 'hired';
    closedAt = isoFromMillis(opportunity.lastAdvancedAt);
  }
  return {
    id: opportunity.id,
    candidateId: clean(opportunity.contact) || opportunity.id,
    jobId: clean(application.posting),
    status,
    stage,
    appliedAt: isoFromMillis(application.createdAt ?? opportunity.createdAt),
    closedAt,
    updatedAt: isoFromMillis(opportunity.updatedAt),
  };
}
