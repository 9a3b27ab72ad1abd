/**
 * Crelate API3 answers → the ATS port's types. Pure functions: no HTTP, no clock.
 *
 * Crelate's model: candidates are contacts with the candidate record type (a flags value: the
 * number 1 in the bitmask Crelate's writes use, or its name, "Candidate", in a list such as
 * "Candidate, Client Contact"; both are read); references to other records are lookups
 * `{ Id, Title }`; tags are an object keyed by tag-category id, each a list of lookups; every
 * answer is an envelope `{ Data, Metadata, Errors }`. A placement (`GET /placements`) is Crelate's
 * record of a hire: the placed contact, the job it regards, its start date. The portal
 * application list and the contact's address and education fields are not in any public source
 * and are read defensively (see docs/ats-connectors.md, "what was guessed").
 *
 * Profile text never carries contact data: e-mail, phone, website and street fields are not read,
 * and the free text that is read goes through `stripContact`.
 */
import * as z from '../../shared/zod';
import { stripContact } from '../../shared/text/contact-data';
import type { AtsApplication, AtsApplicationStatus, AtsCandidate, AtsJob, AtsJobStatus } from '../ats-port';
import { skipRecord, type RecordSkip } from './record-reading';
import { htmlToText, isoOrNull, joinNonEmpty } from './record-text';

const text = z.nullish(z.string());
const flag = z.nullish(z.boolean());
/** A Crelate lookup: `{ Id, Title }` (some answers name the title `Name`). */
const Lookup = z.nullish(z.object({ Id: z.nullish(z.string()), Title: text, Name: text }));
type LookupValue = z.infer<typeof Lookup>;

/**
 * A list answer's envelope: `{ Data: [...], Metadata: { MoreRecords, TotalRecords } }`. The records
 * are read one by one afterwards (record-reading.ts).
 */
export const CrelateListSchema = z.object({
  Data: z.array(z.unknown()),
  Metadata: z.nullish(z.object({ MoreRecords: flag, TotalRecords: z.nullish(z.number()) })),
});

export const CrelateJobSchema = z.object({
  Id: z.string(),
  Name: text,
  PortalTitle: text,
  JobTitleId: Lookup,
  Description: text,
  PortalDescription: text,
  PortalCity: text,
  PortalState: text,
  ClosedOn: text,
  IsOnHold: flag,
  IsDraft: flag,
  CreatedOn: text,
  ModifiedOn: text,
});
export type CrelateJob = z.infer<typeof CrelateJobSchema>;

const Address = z.nullish(z.object({ City: text, State: text, Country: text }));
const Named = z.union([z.string(), z.object({ Title: text, Name: text })]);
/** Tags: `{ <tag-category id>: [{ Id, Title }] }` in API3 answers; a plain list is read too. */
const Tags = z.nullish(z.union([z.array(Named), z.record(z.string(), z.nullish(z.array(Named)))]));
/** The record type as a bitmask number, a flags name list ("Candidate, Client Contact"), a list or a lookup. */
const RecordType = z.nullish(z.union([z.number(), z.string(), z.array(Named), z.object({ Title: text, Name: text })]));

export const CrelateContactSchema = z.object({
  Id: z.string(),
  FirstName: text,
  LastName: text,
  FullName: text,
  RecordType: RecordType,
  // The company is a lookup (`CompanyId`); a plain `CompanyName` is read too.
  CurrentPosition: z.nullish(z.object({ JobTitle: text, CompanyId: Lookup, CompanyName: text })),
  Description: text,
  Addresses_Home: Address,
  Addresses_Business: Address,
  Tags: Tags,
  Skills: Tags,
  Education: z.nullish(z.array(z.object({ Degree: text, Major: text, SchoolName: text, School: text }))),
  CreatedOn: text,
  ModifiedOn: text,
});
export type CrelateContact = z.infer<typeof CrelateContactSchema>;

/** A portal application (`GET /applications`): a contact applying to a job. */
export const CrelateApplicationSchema = z.object({
  Id: z.string(),
  ContactId: Lookup,
  JobId: Lookup,
  StatusId: Lookup,
  WorkflowStatusId: Lookup,
  CreatedOn: text,
  ModifiedOn: text,
});
export type CrelateApplication = z.infer<typeof CrelateApplicationSchema>;

/**
 * A placement (`GET /placements`): a contact placed in a job, Crelate's record of a hire. The job
 * is the placement's `RegardingId` (a `JobId` lookup is read too, where an account has one).
 */
export const CrelatePlacementSchema = z.object({
  Id: z.string(),
  PlacedContactId: Lookup,
  RegardingId: Lookup,
  JobId: Lookup,
  StartDate: text,
  CreatedOn: text,
  ModifiedOn: text,
});
export type CrelatePlacement = z.infer<typeof CrelatePlacementSchema>;

function lookupId(lookup: LookupValue): string {
  return lookup?.Id?.trim() ?? '';
}

function lookupTitle(lookup: LookupValue): string {
  return (lookup?.Title ?? lookup?.Name ?? '').trim();
}

function jobStatus(job: CrelateJob): AtsJobStatus {
  if (job.ClosedOn) return 'closed';
  if (job.IsDraft) return 'draft';
  if (job.IsOnHold) return 'other';
  return 'open';
}

/** A Crelate job as the port's job. */
export function mapCrelateJob(job: CrelateJob): AtsJob {
  const description = job.Description?.trim() ? job.Description : (job.PortalDescription ?? '');
  return {
    id: job.Id,
    title: (job.Name?.trim() || job.PortalTitle?.trim() || lookupTitle(job.JobTitleId)) ?? '',
    status: jobStatus(job),
    location: joinNonEmpty([job.PortalCity, job.PortalState], ', '),
    // Crelate jobs belong to client accounts, not departments; the client's name is not a department.
    department: '',
    description: htmlToText(description),
    createdAt: isoOrNull(job.CreatedOn),
    updatedAt: isoOrNull(job.ModifiedOn),
  };
}

function nameOf(value: z.infer<typeof Named>): string {
  return typeof value === 'string' ? value : (value.Title ?? value.Name ?? '');
}

/**
 * Whether a contact is a candidate: the candidate bit of a number, the word "Candidate" in a
 * name, or no record type at all (an account that does not send it: every contact may be one).
 */
export function isCrelateCandidate(contact: CrelateContact): boolean {
  const type = contact.RecordType;
  if (type === null || type === undefined) return true;
  if (typeof type === 'number') return (type & 1) === 1;
  const words = typeof type === 'string' ? type : Array.isArray(type) ? type.map(nameOf).join(',') : nameOf(type);
  return /\bcandidate\b/i.test(words);
}

function headline(contact: CrelateContact): string {
  const position = contact.CurrentPosition;
  return joinNonEmpty([position?.JobTitle, lookupTitle(position?.CompanyId) || position?.CompanyName], ' at ');
}

/** Tag or skill names, from a list or from Crelate's object of lists keyed by category. */
function names(values: z.infer<typeof Tags>): string {
  const list = Array.isArray(values) ? values : Object.values(values ?? {}).flatMap((entries) => entries ?? []);
  return joinNonEmpty([...new Set(list.map(nameOf).map((name) => name.trim()))], ', ');
}

function section(heading: string, body: string): string {
  return body ? `${heading}\n${body}` : '';
}

function profileText(contact: CrelateContact): string {
  const education = (contact.Education ?? []).map((entry) =>
    joinNonEmpty([joinNonEmpty([entry.Degree, entry.Major], ', '), entry.SchoolName ?? entry.School], ' — '),
  );
  const sections = [
    headline(contact),
    section('Summary', htmlToText(contact.Description ?? '')),
    section('Education', joinNonEmpty(education, '\n')),
    section('Skills', names(contact.Skills)),
    section('Tags', names(contact.Tags)),
  ];
  return stripContact(joinNonEmpty(sections, '\n\n'));
}

/** A Crelate contact as the port's candidate; the city, state and country only, never a street. */
export function mapCrelateContact(contact: CrelateContact): AtsCandidate {
  const address = contact.Addresses_Home ?? contact.Addresses_Business;
  return {
    id: contact.Id,
    name: contact.FullName?.trim() || joinNonEmpty([contact.FirstName, contact.LastName], ' '),
    headline: headline(contact),
    location: joinNonEmpty([address?.City, address?.State, address?.Country], ', '),
    profile: profileText(contact),
    createdAt: isoOrNull(contact.CreatedOn),
    updatedAt: isoOrNull(contact.ModifiedOn),
  };
}

/**
 * The port's status for a Crelate workflow stage name. Crelate's stages are each firm's own
 * words; these are the words its default and example workflows use ("Placed", "Not a Fit",
 * "Rejected by Client", "Candidate Not Interested").
 */
export function statusFromStageName(stage: string): AtsApplicationStatus {
  const words = stage.toLowerCase();
  if (/\b(placed|hired|started)\b/.test(words)) return 'hired';
  if (/\b(withdr\w*|not interested|declined offer|candidate declined)\b/.test(words)) return 'withdrawn';
  if (/\b(reject\w*|not a fit|pass|passed|disqualif\w*|declined|lost)\b/.test(words)) return 'rejected';
  return 'active';
}

/** A portal application as the port's application; `null` without a contact or a job. */
export function mapCrelateApplication(application: CrelateApplication): AtsApplication | null {
  const candidateId = lookupId(application.ContactId);
  const jobId = lookupId(application.JobId);
  if (!candidateId || !jobId) return null;
  const stage = lookupTitle(application.WorkflowStatusId) || lookupTitle(application.StatusId);
  const status = statusFromStageName(stage);
  return {
    id: `application:${application.Id}`,
    candidateId,
    jobId,
    status,
    stage,
    appliedAt: isoOrNull(application.CreatedOn),
    closedAt: status === 'active' ? null : isoOrNull(application.ModifiedOn),
    updatedAt: isoOrNull(application.ModifiedOn),
  };
}

/** A placement as the port's hired application; skipped without a placed contact or a job. */
export function mapCrelatePlacement(placement: CrelatePlacement): AtsApplication | RecordSkip {
  const candidateId = lookupId(placement.PlacedContactId);
  const jobId = lookupId(placement.RegardingId) || lookupId(placement.JobId);
  if (!candidateId) return skipRecord('no placed contact');
  if (!jobId) return skipRecord('no job');
  return {
    id: `placement:${placement.Id}`,
    candidateId,
    jobId,
    status: 'hired',
    stage: 'Placed',
    appliedAt: null,
    closedAt: isoOrNull(placement.StartDate) ?? isoOrNull(placement.CreatedOn),
    updatedAt: isoOrNull(placement.ModifiedOn),
  };
}
