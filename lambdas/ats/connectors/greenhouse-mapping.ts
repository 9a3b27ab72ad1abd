/**
 * Greenhouse Harvest v3 answers → the ATS port's types. Pure functions: no HTTP, no clock.
 * Shapes follow the v3 reference (one fixture per page in `local/ats/fixtures/greenhouse/`, see its
 * SOURCES.md): snake_case, numeric ids, flat `*_id` references instead of v1's embedded objects,
 * `null` for missing values (every v3 field is nullable, so every field here is optional).
 *
 * Profile text never carries contact data: `email_addresses`, `phone_numbers`, `addresses`,
 * `website_addresses` and `social_media_addresses` are not part of the schemas, custom fields are
 * not read (they hold salaries and birthdays), and the free text that is read (application
 * answers) goes through `stripContact`.
 */
import * as z from '../../shared/zod';
import { stripContact } from '../../shared/text/contact-data';
import type { AtsApplication, AtsApplicationStatus, AtsCandidate, AtsJob, AtsJobStatus } from '../ats-port';
import { skipRecord, type RecordSkip } from './record-reading';
import { htmlToText, isoOrNull, joinNonEmpty } from './record-text';

const text = z.nullish(z.string());
const id = z.number();
const idRef = z.nullish(z.number());

/** One job of `GET /v3/jobs`. `notes` (the hiring team's notes) is deliberately not read. */
export const GreenhouseJobSchema = z.object({
  id,
  name: text,
  status: text,
  department_id: idRef,
  office_ids: z.nullish(z.array(z.nullable(z.number()))),
  created_at: text,
  updated_at: text,
});
export type GreenhouseJob = z.infer<typeof GreenhouseJobSchema>;

/** One job post of `GET /v3/job_posts`: where the posting text is. */
export const GreenhouseJobPostSchema = z.object({
  id,
  job_id: idRef,
  internal: z.nullish(z.boolean()),
  live: z.nullish(z.boolean()),
  active: z.nullish(z.boolean()),
  content: text,
  internal_content: text,
});
export type GreenhouseJobPost = z.infer<typeof GreenhouseJobPostSchema>;

/** One candidate of `GET /v3/candidates`. Contact fields are deliberately not part of the schema. */
export const GreenhouseCandidateSchema = z.object({
  id,
  first_name: text,
  last_name: text,
  company: text,
  title: text,
  tags: z.nullish(z.array(z.nullable(z.string()))),
  created_at: text,
  updated_at: text,
});
export type GreenhouseCandidate = z.infer<typeof GreenhouseCandidateSchema>;

/** One application of `GET /v3/applications`. */
export const GreenhouseApplicationSchema = z.object({
  id,
  candidate_id: id,
  job_id: idRef,
  prospect: z.nullish(z.boolean()),
  status: text,
  stage_name: text,
  rejection_reason_id: idRef,
  rejected_at: text,
  location_address: text,
  answers: z.nullish(z.array(z.nullable(z.object({ question: text, answer: text })))),
  created_at: text,
  updated_at: text,
  last_activity_at: text,
});
export type GreenhouseApplication = z.infer<typeof GreenhouseApplicationSchema>;

/** One opening of `GET /v3/openings`: `application_id` is the hire that filled it, `closed_at` when. */
export const GreenhouseOpeningSchema = z.object({ id, application_id: idRef, closed_at: text });
export type GreenhouseOpening = z.infer<typeof GreenhouseOpeningSchema>;

/** One reason of `GET /v3/rejection_reasons`; `type.key` says who rejected whom. */
export const GreenhouseRejectionReasonSchema = z.object({ id, type: z.nullish(z.object({ key: text, name: text })) });
export type GreenhouseRejectionReason = z.infer<typeof GreenhouseRejectionReasonSchema>;

/** One office of `GET /v3/offices` (`location` is free text in v3). */
export const GreenhouseOfficeSchema = z.object({ id, name: text, location: text });
export type GreenhouseOffice = z.infer<typeof GreenhouseOfficeSchema>;

/** One department of `GET /v3/departments`. */
export const GreenhouseDepartmentSchema = z.object({ id, name: text });
export type GreenhouseDepartment = z.infer<typeof GreenhouseDepartmentSchema>;

/** What a page of jobs is joined with: the account's offices and departments, and the jobs' posts. */
export interface GreenhouseJobContext {
  readonly offices: ReadonlyMap<number, GreenhouseOffice>;
  readonly departments: ReadonlyMap<number, GreenhouseDepartment>;
  readonly postsByJob: ReadonlyMap<number, readonly GreenhouseJobPost[]>;
}

/** What a page of candidates is joined with: each candidate's applications (answers, the city given). */
export interface GreenhouseCandidateContext {
  readonly applicationsByCandidate: ReadonlyMap<number, readonly GreenhouseApplication[]>;
}

/** What a page of applications is joined with: who rejected whom, and when each hire was made. */
export interface GreenhouseApplicationContext {
  /** Rejection reason id → its type key (`THEY_REJECTED_US` is a withdrawal). */
  readonly rejectionTypes: ReadonlyMap<number, string>;
  /** Application id → the `closed_at` of the opening it filled. */
  readonly hiredAt: ReadonlyMap<number, string>;
}

const JOB_STATUSES: Readonly<Record<string, AtsJobStatus>> = { open: 'open', closed: 'closed', draft: 'draft' };

/** Greenhouse's rejection-reason type for a candidate who withdrew ("They rejected us"). */
export const WITHDREW_KEY = 'THEY_REJECTED_US';

function clean(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}

/**
 * The posting a job shows candidates: a live external post first, then any active external
 * post, then an internal one (its `internal_content`); '' when the job has none.
 */
export function postingText(posts: readonly GreenhouseJobPost[]): string {
  const usable = posts.filter((post) => post.active !== false);
  const external = usable.filter((post) => post.internal !== true);
  const chosen =
    external.find((post) => post.live === true && clean(post.content)) ??
    external.find((post) => clean(post.content)) ??
    usable.find((post) => clean(post.internal_content) || clean(post.content));
  if (!chosen) return '';
  return htmlToText((chosen.internal === true ? chosen.internal_content || chosen.content : chosen.content) ?? '');
}

/** A Greenhouse job as the port's job: location from its offices, text from its job posts. */
export function mapGreenhouseJob(job: GreenhouseJob, context: GreenhouseJobContext): AtsJob {
  const offices = (job.office_ids ?? []).flatMap((officeId) => {
    const office = officeId === null ? undefined : context.offices.get(officeId);
    return office ? [clean(office.location) || clean(office.name)] : [];
  });
  const department = job.department_id === null || job.department_id === undefined ? undefined : context.departments.get(job.department_id);
  return {
    id: String(job.id),
    title: clean(job.name),
    status: JOB_STATUSES[clean(job.status)] ?? 'other',
    location: unique(offices).join('; '),
    department: clean(department?.name),
    description: postingText(context.postsByJob.get(job.id) ?? []),
    createdAt: isoOrNull(job.created_at),
    updatedAt: isoOrNull(job.updated_at),
  };
}

function section(heading: string, lines: readonly string[]): string {
  const body = joinNonEmpty(lines, '\n');
  return body ? `${heading}\n${body}` : '';
}

/** Application answers worth reading ("How many people have you supervised?"), once each, contact data removed. */
function answerLines(applications: readonly GreenhouseApplication[]): string[] {
  const lines = applications.flatMap((application) =>
    (application.answers ?? []).map((answer) => {
      const reply = stripContact(clean(answer?.answer));
      const question = clean(answer?.question);
      return reply && question ? `${question}: ${reply}` : '';
    }),
  );
  return unique(lines);
}

/** A Greenhouse candidate as the port's candidate. */
export function mapGreenhouseCandidate(candidate: GreenhouseCandidate, context: GreenhouseCandidateContext): AtsCandidate {
  const headline = joinNonEmpty([candidate.title, candidate.company], ' at ');
  const applications = context.applicationsByCandidate.get(candidate.id) ?? [];
  const tags = (candidate.tags ?? []).map((tag) => clean(tag));
  const profile = joinNonEmpty(
    [headline, section('Tags', [joinNonEmpty(tags, ', ')]), section('Application answers', answerLines(applications))],
    '\n\n',
  );
  return {
    id: String(candidate.id),
    name: joinNonEmpty([candidate.first_name, candidate.last_name], ' '),
    headline,
    // The city a candidate gave on an application; `addresses` are home addresses and stay unread.
    location: applications.map((application) => clean(application.location_address)).find((address) => address !== '') ?? '',
    profile: stripContact(profile),
    createdAt: isoOrNull(candidate.created_at),
    updatedAt: isoOrNull(candidate.updated_at),
  };
}

function applicationStatus(application: GreenhouseApplication, context: GreenhouseApplicationContext): AtsApplicationStatus | null {
  switch (clean(application.status)) {
    case 'in_process':
      return 'active';
    case 'hired':
      return 'hired';
    case 'rejected': {
      const reason = application.rejection_reason_id;
      return reason !== null && reason !== undefined && context.rejectionTypes.get(reason) === WITHDREW_KEY ? 'withdrawn' : 'rejected';
    }
    case 'converted':
      // A prospect application promoted to a candidate application, which is listed on its own.
      return null;
    default:
      return null;
  }
}

/**
 * A Greenhouse application as the port's application; `null` for what is not an application to
 * one job: prospect applications, converted prospects, and applications without a job. An
 * unknown status is skipped and counted. A hire's date is the `closed_at` of the opening that
 * names the application: Greenhouse records the hire there, while `last_activity_at` and
 * `updated_at` move with any later note or e-mail.
 */
export function mapGreenhouseApplication(
  application: GreenhouseApplication,
  context: GreenhouseApplicationContext,
): AtsApplication | RecordSkip | null {
  if (application.prospect) return null;
  const status = applicationStatus(application, context);
  if (status === null) return clean(application.status) === 'converted' ? null : skipRecord('unknown "status"');
  if (application.job_id === null || application.job_id === undefined) return null;
  const closedAt =
    status === 'active' ? null : status === 'hired' ? isoOrNull(context.hiredAt.get(application.id)) : isoOrNull(application.rejected_at);
  return {
    id: String(application.id),
    candidateId: String(application.candidate_id),
    jobId: String(application.job_id),
    status,
    stage: clean(application.stage_name),
    appliedAt: isoOrNull(application.created_at),
    closedAt,
    updatedAt: isoOrNull(application.updated_at) ?? isoOrNull(application.last_activity_at),
  };
}
