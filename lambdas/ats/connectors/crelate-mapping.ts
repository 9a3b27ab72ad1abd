/**
 * Crelate API3 answers → the ATS port's types. Pure functions: no HTTP, no clock.
 *
 * Crelate's model: candidates are contacts (`RecordType` is a bitmask, 1 = candidate,
 * 2 = client contact); references to other records are lookups `{ Id, Title }`; every answer
 * is an envelope `{ Data, Metadata, Errors }`. Jobs, contacts and placements follow the field
 * names seen in Crelate's API3 answers; the portal application's status field and the contact's
 * address, tag and education fields are not in any public example and are read defensively
 * (see docs/ats-connectors.md, "what was guessed").
 *
 * Profile text never carries contact data: e-mail, phone, website and street fields are not read,
 * and the free text that is read goes through `stripContact`.
 */
import * as z from '../../shared/zod';
import { stripContact } from '../../shared/text/contact-data';
import type { AtsApplication, AtsApplicationStatus, AtsCandidate, AtsJob, AtsJobStatus } from '../ats-port';
import { htmlToText, isoOrNull, joinNonEmpty } from './record-text';

const text = z.nullish(z.string());
const flag = z.nullish(z.boolean());
/** A Crelate lookup: `{ Id, Title }` (some answers name the title `Name`). */
const Lookup = z.nullish(z.object({ Id: z.nullish(z.string()), Title: text, Name: text }));
type LookupValue = z.infer<typeof Lookup>;

/** A list answer: `{ Data: [...], Metadata: { MoreRecords, TotalRecords } }`. */
export function crelateListSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    Data: z.array(item),
    Metadata: z.nullish(z.object({ MoreRecords: flag, TotalRecords: z.nullish(z.number()) })),
  });
}

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

export const CrelateContactSchema = z.object({
  Id: z.string(),
  FirstName: text,
  LastName: text,
  FullName: text,
  RecordType: z.nullish(z.number()),
  CurrentPosition: z.nullish(z.object({ JobTitle: text, CompanyName: text })),
  Description: text,
  Addresses_Home: Address,
  Addresses_Business: Address,
  Tags: z.nullish(z.array(Named)),
  Skills: z.nullish(z.array(Named)),
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

/** A placement (`GET /placements`): a contact placed in a job, Crelate's record of a hire. */
export const CrelatePlacementSchema = z.object({
  Id: z.string(),
  PlacedContactId: Lookup,
  JobId: Lookup,
  RegardingId: Lookup,
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

/** Whether a contact is a candidate: the candidate bit, or no record type at all. */
export function isCrelateCandidate(contact: CrelateContact): boolean {
  return contact.RecordType == null || (contact.RecordType & 1) === 1;
}

function headline(contact: CrelateContact): string {
  return joinNonEmpty([contact.CurrentPosition?.JobTitle, contact.CurrentPosition?.CompanyName], ' at ');
}

function names(values: readonly z.infer<typeof Named>[] | null | undefined): string {
  return joinNonEmpty(
    (values ?? []).map((value) => (typeof value === 'string' ? value : (value.Title ?? value.Name ?? ''))),
    ', ',
  );
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

/** A placement as the port's hired application; `null` without a placed contact or a job. */
export function mapCrelatePlacement(placement: CrelatePlacement): AtsApplication | null {
  const candidateId = lookupId(placement.PlacedContactId);
  const jobId = lookupId(placement.JobId) || lookupId(placement.RegardingId);
  if (!candidateId || !jobId) return null;
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
