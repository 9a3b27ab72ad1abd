/**
 * Greenhouse Harvest v1 answers → the ATS port's types. Pure functions: no HTTP, no clock.
 * Shapes follow Greenhouse's documentation (grnhse/greenhouse-api-docs, `harvest/_jobs.md`,
 * `_candidates.md`, `_applications.md`): snake_case, numeric ids, `null` for missing values.
 *
 * Profile text never carries contact data: `email_addresses`, `phone_numbers`, `addresses`,
 * `website_addresses` and `social_media_addresses` are not read, custom fields are not read
 * (they hold salaries and birthdays), and the free text that is read (application answers)
 * goes through `stripContact`.
 */
import * as z from '../../shared/zod';
import { stripContact } from '../../shared/text/contact-data';
import type { AtsApplication, AtsApplicationStatus, AtsCandidate, AtsJob, AtsJobStatus } from '../ats-port';
import { htmlToText, isoOrNull, joinNonEmpty } from './record-text';

const text = z.nullish(z.string());
const id = z.union([z.number(), z.string()]);
const named = z.object({ id: z.nullish(id), name: text });

/** One job of `GET /v1/jobs`. */
export const GreenhouseJobSchema = z.object({
  id,
  name: text,
  notes: text,
  status: text,
  departments: z.nullish(z.array(named)),
  offices: z.nullish(z.array(z.object({ name: text, location: z.nullish(z.object({ name: text })) }))),
  created_at: text,
  updated_at: text,
});
export type GreenhouseJob = z.infer<typeof GreenhouseJobSchema>;

const GreenhouseAnswer = z.object({ question: text, answer: text });

/** One application, as `GET /v1/applications` lists it and as candidates embed it. */
export const GreenhouseApplicationSchema = z.object({
  id,
  candidate_id: id,
  prospect: z.nullish(z.boolean()),
  applied_at: text,
  rejected_at: text,
  last_activity_at: text,
  location: z.nullish(z.object({ address: text })),
  rejection_reason: z.nullish(z.object({ name: text, type: z.nullish(named) })),
  jobs: z.nullish(z.array(named)),
  status: text,
  current_stage: z.nullish(named),
  answers: z.nullish(z.array(GreenhouseAnswer)),
});
export type GreenhouseApplication = z.infer<typeof GreenhouseApplicationSchema>;

const Dated = { start_date: text, end_date: text };

/** One candidate of `GET /v1/candidates`. Contact fields are deliberately not part of the schema. */
export const GreenhouseCandidateSchema = z.object({
  id,
  first_name: text,
  last_name: text,
  company: text,
  title: text,
  created_at: text,
  updated_at: text,
  tags: z.nullish(z.array(z.string())),
  applications: z.nullish(z.array(GreenhouseApplicationSchema)),
  educations: z.nullish(z.array(z.object({ school_name: text, degree: text, discipline: text, ...Dated }))),
  employments: z.nullish(z.array(z.object({ company_name: text, title: text, ...Dated }))),
});
export type GreenhouseCandidate = z.infer<typeof GreenhouseCandidateSchema>;

export const GreenhouseJobsSchema = z.array(GreenhouseJobSchema);
export const GreenhouseCandidatesSchema = z.array(GreenhouseCandidateSchema);
export const GreenhouseApplicationsSchema = z.array(GreenhouseApplicationSchema);

const JOB_STATUSES: Readonly<Record<string, AtsJobStatus>> = { open: 'open', closed: 'closed', draft: 'draft' };

/** Greenhouse's rejection-reason type for a candidate who withdrew ("They rejected us"). */
const WITHDREW = 'they rejected us';

function clean(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}

/** A Greenhouse job as the port's job. Harvest jobs carry internal `notes`; the posting text lives in job posts. */
export function mapGreenhouseJob(job: GreenhouseJob): AtsJob {
  const offices = unique((job.offices ?? []).map((office) => clean(office.location?.name) || clean(office.name)));
  return {
    id: String(job.id),
    title: clean(job.name),
    status: JOB_STATUSES[clean(job.status)] ?? 'other',
    location: offices.join('; '),
    department: unique((job.departments ?? []).map((department) => clean(department.name))).join(', '),
    description: htmlToText(job.notes ?? ''),
    createdAt: isoOrNull(job.created_at),
    updatedAt: isoOrNull(job.updated_at),
  };
}

function period(entry: { start_date?: string | null; end_date?: string | null }): string {
  const start = entry.start_date?.slice(0, 7) ?? '';
  const end = entry.end_date?.slice(0, 7) ?? '';
  if (!start && !end) return '';
  return `(${start || '?'} – ${end || 'present'})`;
}

function section(heading: string, lines: readonly string[]): string {
  const body = joinNonEmpty(lines, '\n');
  return body ? `${heading}\n${body}` : '';
}

/** Application answers worth reading ("Why do you want to work for us?"), once each, contact data removed. */
function answerLines(applications: readonly GreenhouseApplication[]): string[] {
  const lines = applications.flatMap((application) =>
    (application.answers ?? []).map((answer) => {
      const reply = stripContact(clean(answer.answer));
      const question = clean(answer.question);
      return reply && question ? `${question}: ${reply}` : '';
    }),
  );
  return unique(lines);
}

/** A Greenhouse candidate as the port's candidate. */
export function mapGreenhouseCandidate(candidate: GreenhouseCandidate): AtsCandidate {
  const headline = joinNonEmpty([candidate.title, candidate.company], ' at ');
  const applications = candidate.applications ?? [];
  const experience = (candidate.employments ?? []).map((entry) =>
    joinNonEmpty([joinNonEmpty([entry.title, entry.company_name], ' at '), period(entry)], ' '),
  );
  const education = (candidate.educations ?? []).map((entry) => {
    const degree = joinNonEmpty([entry.degree, entry.discipline], ', ');
    return joinNonEmpty([joinNonEmpty([degree, entry.school_name], ' — '), period(entry)], ' ');
  });
  const profile = joinNonEmpty(
    [
      headline,
      section('Experience', experience),
      section('Education', education),
      section('Tags', [joinNonEmpty(candidate.tags ?? [], ', ')]),
      section('Application answers', answerLines(applications)),
    ],
    '\n\n',
  );
  return {
    id: String(candidate.id),
    name: joinNonEmpty([candidate.first_name, candidate.last_name], ' '),
    headline,
    // The city a candidate gave on an application; `addresses` are home addresses and stay unread.
    location: applications.map((application) => clean(application.location?.address)).find((address) => address !== '') ?? '',
    profile: stripContact(profile),
    createdAt: isoOrNull(candidate.created_at),
    updatedAt: isoOrNull(candidate.updated_at),
  };
}

function applicationStatus(application: GreenhouseApplication): AtsApplicationStatus | null {
  switch (clean(application.status)) {
    case 'active':
      return 'active';
    case 'hired':
      return 'hired';
    case 'rejected':
      return clean(application.rejection_reason?.type?.name).toLowerCase() === WITHDREW ? 'withdrawn' : 'rejected';
    default:
      // `converted`: a prospect application that became a candidate application, listed on its own.
      return null;
  }
}

/**
 * A Greenhouse application as the port's application; `null` for what is not an application to
 * one job: prospect applications (people sourced for zero or more jobs, not applicants) and
 * converted prospects (their candidate application is listed separately).
 */
export function mapGreenhouseApplication(application: GreenhouseApplication): AtsApplication | null {
  if (application.prospect) return null;
  const status = applicationStatus(application);
  const job = application.jobs?.[0];
  if (status === null || !job || job.id === null || job.id === undefined) return null;
  const lastActivity = isoOrNull(application.last_activity_at);
  // Harvest v1 has no hire date on an application; its last activity is the hire (or later).
  const closedAt = status === 'active' ? null : status === 'hired' ? lastActivity : (isoOrNull(application.rejected_at) ?? lastActivity);
  return {
    id: String(application.id),
    candidateId: String(application.candidate_id),
    jobId: String(job.id),
    status,
    stage: clean(application.current_stage?.name),
    appliedAt: isoOrNull(application.applied_at),
    closedAt,
    updatedAt: lastActivity,
  };
}
