/**
 * Bullhorn REST answers → the ATS port's types. Pure functions: no HTTP, no clock. Shapes follow
 * Bullhorn's REST reference (bullhorn/rest-api-docs, `entityref/_joborder.md`, `_candidate.md`,
 * `_jobsubmission.md`, `_placement.md`) and the fixtures in `local/ats/fixtures/bullhorn/`:
 * numeric ids, timestamps as epoch milliseconds, to-one associations as `{ id }`.
 *
 * Only the fields in {@link BULLHORN_FIELDS} are asked for, so no e-mail, phone or street address
 * ever reaches the product; the free text that is read (the resume in `description`) still goes
 * through `stripContact`.
 *
 * The placed signal: a Placement is a placement (`hired`, closed at `dateBegin`, else when it was
 * recorded). A JobSubmission is an application whose status says where it stands; one that ended
 * without a placement is `rejected` (or `withdrawn` when the candidate pulled out), an open one
 * `active`. Both are keyed by candidate and job (`<candidate>:<job>`), so the Placement read
 * after the submissions replaces the submission it came from instead of counting twice.
 */
import * as z from '../../shared/zod';
import { stripContact } from '../../shared/text/contact-data';
import type { AtsApplication, AtsApplicationStatus, AtsCandidate, AtsJob, AtsJobStatus } from '../ats-port';
import { skipRecord, type RecordSkip } from './record-reading';
import { htmlToText, joinNonEmpty } from './record-text';

/** The fields asked for per entity (Bullhorn's `fields=`), nothing more. */
export const BULLHORN_FIELDS = {
  JobOrder: 'id,title,status,isOpen,employmentType,address(city,state),publicDescription,dateAdded,dateLastModified',
  Candidate:
    'id,firstName,lastName,occupation,companyName,address(city,state),description,skillSet,educationDegree,dateAdded,dateLastModified',
  JobSubmission: 'id,candidate(id),jobOrder(id),status,dateAdded,dateWebResponse,dateLastModified',
  Placement: 'id,candidate(id),jobOrder(id),jobSubmission(id,dateAdded,dateWebResponse),status,dateBegin,dateAdded,dateLastModified',
} as const;
export type BullhornEntity = keyof typeof BULLHORN_FIELDS;

const text = z.nullish(z.string());
const id = z.union([z.number(), z.string().check(z.regex(/^\d+$/))]);
/** Epoch milliseconds, as Bullhorn answers every Timestamp field. */
const timestamp = z.nullish(z.number());
const reference = z.object({ id });
const place = z.nullish(z.object({ city: text, state: text }));

/** A `search`/`query` page: `data` always; `start`, `count` and (for search) `total` when Bullhorn sends them. */
export const BullhornPageSchema = z.object({
  data: z.array(z.unknown()),
  start: z.optional(z.number()),
  count: z.optional(z.number()),
  total: z.optional(z.number()),
});

export const BullhornJobOrderSchema = z.object({
  id,
  title: text,
  status: text,
  isOpen: z.nullish(z.boolean()),
  employmentType: text,
  address: place,
  publicDescription: text,
  dateAdded: timestamp,
  dateLastModified: timestamp,
});

export const BullhornCandidateSchema = z.object({
  id,
  firstName: text,
  lastName: text,
  occupation: text,
  companyName: text,
  address: place,
  description: text,
  skillSet: text,
  educationDegree: text,
  dateAdded: timestamp,
  dateLastModified: timestamp,
});

export const BullhornJobSubmissionSchema = z.object({
  id,
  candidate: reference,
  jobOrder: reference,
  status: text,
  dateAdded: timestamp,
  dateWebResponse: timestamp,
  dateLastModified: timestamp,
});

export const BullhornPlacementSchema = z.object({
  id,
  candidate: reference,
  jobOrder: reference,
  /** The submission it came from, for when the candidate applied; absent for a placement made without one. */
  jobSubmission: z.nullish(z.object({ id, dateAdded: timestamp, dateWebResponse: timestamp })),
  status: text,
  dateBegin: timestamp,
  dateAdded: timestamp,
  dateLastModified: timestamp,
});

function clean(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

function iso(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function placeOf(address: { city?: string | null; state?: string | null } | null | undefined): string {
  return joinNonEmpty([clean(address?.city), clean(address?.state)], ', ');
}

/**
 * JobOrder `status` is each firm's own words ("Accepting Candidates", "Covered", "Filled"…);
 * `isOpen` says whether the job is open, and the words decide the rest.
 */
function jobStatus(job: z.infer<typeof BullhornJobOrderSchema>): AtsJobStatus {
  const words = clean(job.status).toLowerCase();
  if (job.isOpen === true) return 'open';
  if (/\b(lead|draft|pending)\b/.test(words)) return 'draft';
  if (job.isOpen === false || /\b(closed|filled|archive|cancel|lost|placed|covered)/.test(words)) return 'closed';
  if (/\b(accepting|open|active|interviewing)\b/.test(words)) return 'open';
  return 'other';
}

export function mapBullhornJobOrder(job: z.infer<typeof BullhornJobOrderSchema>): AtsJob {
  return {
    id: String(job.id),
    title: clean(job.title),
    status: jobStatus(job),
    location: placeOf(job.address),
    // The client company is not the department; Bullhorn has no department on a JobOrder.
    department: '',
    description: htmlToText(job.publicDescription ?? ''),
    createdAt: iso(job.dateAdded),
    updatedAt: iso(job.dateLastModified),
  };
}

function section(heading: string, body: string): string {
  return body ? `${heading}\n${body}` : '';
}

export function mapBullhornCandidate(candidate: z.infer<typeof BullhornCandidateSchema>): AtsCandidate {
  const headline = joinNonEmpty([clean(candidate.occupation), clean(candidate.companyName)], ' at ');
  const profile = joinNonEmpty(
    [
      headline,
      section('Resume', htmlToText(candidate.description ?? '')),
      section('Skills', clean(candidate.skillSet)),
      section('Education', clean(candidate.educationDegree)),
    ],
    '\n\n',
  );
  return {
    id: String(candidate.id),
    name: joinNonEmpty([clean(candidate.firstName), clean(candidate.lastName)], ' '),
    headline,
    location: placeOf(candidate.address),
    profile: stripContact(profile),
    createdAt: iso(candidate.dateAdded),
    updatedAt: iso(candidate.dateLastModified),
  };
}

/** One application per candidate and job, whichever record says it. */
export function bullhornApplicationId(candidateId: string | number, jobId: string | number): string {
  return `${candidateId}:${jobId}`;
}

/**
 * A JobSubmission status (each firm's list, `settings/jobResponseStatusList`) → the port, by its
 * words: a placement, a withdrawal, an ending without one, or still open.
 */
export function submissionStatus(status: string): AtsApplicationStatus {
  const words = status.toLowerCase();
  if (/\b(placed|hired|started)\b/.test(words)) return 'hired';
  if (/\b(not interested|withdr[ae]w|candidate declined|candidate rejected|declined offer|offer declined)/.test(words)) return 'withdrawn';
  if (/\b(reject|not a fit|not selected|declined|pass(ed)?|lost|closed|cancel|dnq|unsuccessful)/.test(words)) return 'rejected';
  return 'active';
}

export function mapBullhornJobSubmission(submission: z.infer<typeof BullhornJobSubmissionSchema>): AtsApplication | RecordSkip {
  const stage = clean(submission.status);
  if (!stage) return skipRecord('no status');
  const status = submissionStatus(stage);
  const updatedAt = iso(submission.dateLastModified);
  return {
    id: bullhornApplicationId(submission.candidate.id, submission.jobOrder.id),
    candidateId: String(submission.candidate.id),
    jobId: String(submission.jobOrder.id),
    status,
    stage,
    // A web response becomes a submission later; it applied when it first came in.
    appliedAt: iso(submission.dateWebResponse) ?? iso(submission.dateAdded),
    // Bullhorn has no date for the end of a submission: its last change is the closest.
    closedAt: status === 'active' ? null : updatedAt,
    updatedAt,
  };
}

export function mapBullhornPlacement(placement: z.infer<typeof BullhornPlacementSchema>): AtsApplication {
  return {
    id: bullhornApplicationId(placement.candidate.id, placement.jobOrder.id),
    candidateId: String(placement.candidate.id),
    jobId: String(placement.jobOrder.id),
    status: 'hired',
    stage: clean(placement.status) || 'Placed',
    appliedAt: iso(placement.jobSubmission?.dateWebResponse) ?? iso(placement.jobSubmission?.dateAdded),
    closedAt: iso(placement.dateBegin) ?? iso(placement.dateAdded),
    updatedAt: iso(placement.dateLastModified),
  };
}
