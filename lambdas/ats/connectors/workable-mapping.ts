/**
 * Workable SPI v3 answers → the ATS port's types. Pure functions: no HTTP, no clock.
 *
 * Workable's model: a "candidate" record belongs to exactly one job (a person who applies to two
 * jobs is two candidate records), so one candidate record is both the port's candidate and its
 * one application. Candidates name their job by its shortcode (`job.shortcode`), and
 * `/jobs/:shortcode` is the job's address, so the port's job id is the shortcode.
 *
 * Profile text never carries contact data: e-mail, phone and address fields are not read, and
 * the free text that is read (summary, experience, education) goes through `stripContact`.
 */
import * as z from '../../shared/zod';
import { stripContact } from '../../shared/text/contact-data';
import type { AtsApplication, AtsApplicationStatus, AtsCandidate, AtsJob, AtsJobStatus } from '../ats-port';
import { htmlToText, isoOrNull, joinNonEmpty } from './record-text';

const text = z.nullish(z.string());

const WorkableLocation = z.nullish(
  z.object({
    location_str: text,
    city: text,
    region: text,
    country: text,
    telecommuting: z.nullish(z.boolean()),
    workplace_type: text,
  }),
);

/** One job of `GET /jobs` (with `include_fields=full_description`) or `GET /jobs/:shortcode`. */
export const WorkableJobSchema = z.object({
  id: z.string(),
  shortcode: z.string(),
  title: z.string(),
  state: text,
  department: text,
  location: WorkableLocation,
  full_description: text,
  description: text,
  requirements: text,
  benefits: text,
  created_at: text,
  updated_at: text,
});
export type WorkableJob = z.infer<typeof WorkableJobSchema>;

const Paging = z.nullish(z.object({ next: text }));

/**
 * `GET /jobs`: `{ jobs, paging: { next } }`; `paging` is absent on the last page. The envelope
 * only: the jobs are read one by one (record-reading.ts) with {@link WorkableJobSchema}.
 */
export const WorkableJobsPageSchema = z.object({ jobs: z.array(z.unknown()), paging: Paging });

/**
 * One candidate of `GET /candidates` (the list keeps only the basic fields: Workable's list has
 * `hired_at` but no `disqualified_at`, which only the candidate's detail carries).
 */
export const WorkableCandidateSummarySchema = z.object({
  id: z.string(),
  name: text,
  firstname: text,
  lastname: text,
  headline: text,
  job: z.nullish(z.object({ shortcode: text, title: text })),
  stage: text,
  stage_kind: text,
  disqualified: z.nullish(z.boolean()),
  withdrew: z.nullish(z.boolean()),
  hired_at: text,
  created_at: text,
  updated_at: text,
});
export type WorkableCandidateSummary = z.infer<typeof WorkableCandidateSummarySchema>;

/** `GET /candidates`: `{ candidates, paging: { next } }`, the envelope only (see {@link WorkableJobsPageSchema}). */
export const WorkableCandidatesPageSchema = z.object({ candidates: z.array(z.unknown()), paging: Paging });

const Dated = { start_date: text, end_date: text };

/** `GET /candidates/:id`: `{ candidate }` with summary, experience, education, skills and tags. */
export const WorkableCandidateDetailSchema = z.object({
  candidate: z.object({
    id: z.string(),
    name: text,
    firstname: text,
    lastname: text,
    headline: text,
    location: WorkableLocation,
    summary: text,
    experience_entries: z.nullish(
      z.array(z.object({ title: text, company: text, summary: text, industry: text, current: z.nullish(z.boolean()), ...Dated })),
    ),
    education_entries: z.nullish(z.array(z.object({ degree: text, school: text, field_of_study: text, ...Dated }))),
    // Skills are `{ name }` objects in v3; plain strings are accepted too.
    skills: z.nullish(z.array(z.union([z.string(), z.object({ name: text })]))),
    tags: z.nullish(z.array(z.string())),
    disqualified: z.nullish(z.boolean()),
    // Only the detail has it: when the candidate was disqualified (the rejection's date).
    disqualified_at: text,
    created_at: text,
    updated_at: text,
  }),
});
export type WorkableCandidateDetail = z.infer<typeof WorkableCandidateDetailSchema>['candidate'];

/**
 * Workable's job states: `published` is live, `closed` is still hiring internally or
 * confidentially (Workable's own words), `archived` is done, `draft` is not yet live.
 */
const JOB_STATES: Readonly<Record<string, AtsJobStatus>> = {
  published: 'open',
  closed: 'open',
  archived: 'closed',
  draft: 'draft',
};

function locationText(location: z.infer<typeof WorkableLocation>): string {
  if (!location) return '';
  const named = location.location_str?.trim() || joinNonEmpty([location.city, location.region, location.country], ', ');
  const remote = location.workplace_type === 'remote' || location.telecommuting === true;
  if (!remote) return named;
  return named ? `${named} (remote)` : 'Remote';
}

/** A Workable job as the port's job; its id is the shortcode candidates refer to. */
export function mapWorkableJob(job: WorkableJob): AtsJob {
  const description = job.full_description?.trim()
    ? htmlToText(job.full_description)
    : joinNonEmpty(
        [job.description, job.requirements, job.benefits].map((part) => htmlToText(part ?? '')),
        '\n\n',
      );
  return {
    id: job.shortcode,
    title: job.title.trim(),
    status: JOB_STATES[job.state ?? ''] ?? 'other',
    location: locationText(job.location),
    department: job.department?.trim() ?? '',
    description,
    createdAt: isoOrNull(job.created_at),
    updatedAt: isoOrNull(job.updated_at),
  };
}

function personName(candidate: { name?: string | null; firstname?: string | null; lastname?: string | null }): string {
  return candidate.name?.trim() || joinNonEmpty([candidate.firstname, candidate.lastname], ' ');
}

function period(entry: { start_date?: string | null; end_date?: string | null; current?: boolean | null }): string {
  const start = entry.start_date?.slice(0, 7) ?? '';
  const end = entry.current ? 'present' : (entry.end_date?.slice(0, 7) ?? '');
  if (!start && !end) return '';
  return `(${start || '?'} – ${end || '?'})`;
}

/** The profile text the assistant reads: headline, summary, experience, education, skills, tags. */
function profileText(candidate: Partial<WorkableCandidateDetail>): string {
  const experience = (candidate.experience_entries ?? []).map((entry) => {
    const role = joinNonEmpty([entry.title, entry.company], ' at ');
    const heading = joinNonEmpty([role, period(entry)], ' ');
    return joinNonEmpty([heading, htmlToText(entry.summary ?? '')], '\n');
  });
  const education = (candidate.education_entries ?? []).map((entry) => {
    const degree = joinNonEmpty([entry.degree, entry.field_of_study], ', ');
    return joinNonEmpty([joinNonEmpty([degree, entry.school], ' — '), period(entry)], ' ');
  });
  const skills = (candidate.skills ?? []).map((skill) => (typeof skill === 'string' ? skill : (skill.name ?? '')));
  const sections = [
    candidate.headline?.trim() ?? '',
    section('Summary', [htmlToText(candidate.summary ?? '')]),
    section('Experience', experience),
    section('Education', education),
    section('Skills', [joinNonEmpty(skills, ', ')]),
    section('Tags', [joinNonEmpty(candidate.tags ?? [], ', ')]),
  ];
  return stripContact(joinNonEmpty(sections, '\n\n'));
}

function section(heading: string, lines: readonly string[]): string {
  const body = joinNonEmpty(lines, '\n');
  return body ? `${heading}\n${body}` : '';
}

/**
 * A Workable candidate as the port's candidate: the detail answer, or the list's summary when the
 * detail could not be read (a thinner profile: headline only).
 */
export function mapWorkableCandidate(candidate: WorkableCandidateDetail | WorkableCandidateSummary): AtsCandidate {
  return {
    id: candidate.id,
    name: personName(candidate),
    headline: candidate.headline?.trim() ?? '',
    location: locationText('location' in candidate ? candidate.location : null),
    profile: profileText(candidate),
    createdAt: isoOrNull(candidate.created_at),
    updatedAt: isoOrNull(candidate.updated_at),
  };
}

function applicationStatus(candidate: WorkableCandidateSummary): AtsApplicationStatus {
  // Disqualification is the current state even when the candidate once reached "hired".
  if (candidate.disqualified) return candidate.withdrew ? 'withdrawn' : 'rejected';
  const hiredStage = candidate.stage_kind === 'hired' || candidate.stage?.trim().toLowerCase() === 'hired';
  if (candidate.hired_at || hiredStage) return 'hired';
  return 'active';
}

/**
 * A Workable candidate record (list answer) as the port's one application for its job; `null`
 * for a candidate without a job (a talent-pool record is not an application). `disqualifiedAt`
 * is the detail's `disqualified_at` (the list does not carry it); without it a rejection is dated
 * by the last edit, `updated_at`.
 */
export function mapWorkableApplication(candidate: WorkableCandidateSummary, disqualifiedAt: string | null = null): AtsApplication | null {
  const jobId = candidate.job?.shortcode?.trim();
  if (!jobId) return null;
  const status = applicationStatus(candidate);
  const closedAt =
    status === 'hired'
      ? (isoOrNull(candidate.hired_at) ?? isoOrNull(candidate.updated_at))
      : status === 'active'
        ? null
        : (isoOrNull(disqualifiedAt) ?? isoOrNull(candidate.updated_at));
  return {
    id: candidate.id,
    candidateId: candidate.id,
    jobId,
    status,
    stage: candidate.stage?.trim() ?? '',
    appliedAt: isoOrNull(candidate.created_at),
    closedAt,
    updatedAt: isoOrNull(candidate.updated_at),
  };
}
