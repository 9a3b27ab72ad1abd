/**
 * A small Crelate account in API3's own JSON shapes (local/ats/fixtures/crelate/ holds one answer
 * per endpoint; the contract test checks these records against them): PascalCase fields, lookups
 * as `{ Id, Title }`, tags as an object keyed by tag-category id, the record type by name,
 * contacts with their e-mail/phone/address fields (which the connector must never copy into a
 * profile), a client contact among the candidates, portal applications and placements (the job in
 * `RegardingId`).
 */

type Lookup = { readonly Id: string; readonly Title: string } | null;
/** Tags by tag-category id, as API3 answers them. */
type TagsByCategory = Readonly<Record<string, readonly { readonly Id: string; readonly Title: string }[]>>;

export interface CrelateJobRecord {
  readonly Id: string;
  readonly Name: string;
  readonly PortalTitle: string | null;
  readonly JobTitleId: Lookup;
  readonly AccountId: Lookup;
  readonly Description: string | null;
  readonly PortalDescription: string | null;
  readonly PortalCity: string | null;
  readonly PortalState: string | null;
  readonly ClosedOn: string | null;
  readonly IsOnHold: boolean;
  readonly NumberOfOpenings: number;
  readonly CreatedOn: string;
  readonly ModifiedOn: string;
}

export interface CrelateContactRecord {
  readonly Id: string;
  readonly FirstName: string;
  readonly LastName: string;
  readonly RecordType: string;
  readonly CurrentPosition: { readonly JobTitle: string | null; readonly CompanyId: Lookup; readonly IsPrimary: boolean } | null;
  readonly Description: string | null;
  readonly EmailAddresses_Personal: { readonly Value: string; readonly IsPrimary: boolean } | null;
  readonly PhoneNumbers_Mobile: { readonly Value: string; readonly IsPrimary: boolean } | null;
  readonly Addresses_Home: {
    readonly Line1: string | null;
    readonly City: string | null;
    readonly State: string | null;
    readonly ZipCode: string | null;
    readonly Country: string | null;
  } | null;
  readonly Tags: TagsByCategory | null;
  readonly CreatedOn: string;
  readonly ModifiedOn: string;
}

export interface CrelateApplicationRecord {
  readonly Id: string;
  readonly ContactId: Lookup;
  readonly JobId: Lookup;
  readonly WorkflowStatusId: Lookup;
  readonly CreatedOn: string;
  readonly ModifiedOn: string;
}

export interface CrelatePlacementRecord {
  readonly Id: string;
  readonly Name: string;
  readonly PlacedContactId: Lookup;
  readonly RegardingId: Lookup;
  readonly AccountId: Lookup;
  readonly StartDate: string | null;
  readonly CreatedOn: string;
  readonly ModifiedOn: string;
}

export interface CrelateAccountData {
  readonly jobs: readonly CrelateJobRecord[];
  readonly contacts: readonly CrelateContactRecord[];
  readonly applications: readonly CrelateApplicationRecord[];
  readonly placements: readonly CrelatePlacementRecord[];
}

const ACME = { Id: 'a1000000-0000-4000-8000-000000000001', Title: 'Acme Logistics' };

export const CRELATE_JOBS: readonly CrelateJobRecord[] = [
  {
    Id: 'j1000000-0000-4000-8000-000000000001',
    Name: 'Warehouse Operations Manager',
    PortalTitle: 'Operations Manager',
    JobTitleId: { Id: 't1', Title: 'Operations Manager' },
    AccountId: ACME,
    Description: '<p>Run a 200-person distribution center.</p><ul><li>Lean</li><li>WMS</li></ul>',
    PortalDescription: null,
    PortalCity: 'Columbus',
    PortalState: 'OH',
    ClosedOn: null,
    IsOnHold: false,
    NumberOfOpenings: 1,
    CreatedOn: '2026-01-05T14:00:00Z',
    ModifiedOn: '2026-03-02T09:00:00Z',
  },
  {
    Id: 'j1000000-0000-4000-8000-000000000002',
    Name: 'Forklift Lead',
    PortalTitle: null,
    JobTitleId: null,
    AccountId: ACME,
    Description: null,
    PortalDescription: '<p>Lead the second shift.</p>',
    PortalCity: 'Dayton',
    PortalState: 'OH',
    ClosedOn: '2026-02-20T00:00:00Z',
    IsOnHold: false,
    NumberOfOpenings: 2,
    CreatedOn: '2025-12-01T14:00:00Z',
    ModifiedOn: '2026-02-20T00:00:00Z',
  },
  {
    Id: 'j1000000-0000-4000-8000-000000000003',
    Name: 'Inventory Analyst',
    PortalTitle: 'Inventory Analyst',
    JobTitleId: null,
    AccountId: ACME,
    Description: 'Own cycle counts.',
    PortalDescription: null,
    PortalCity: null,
    PortalState: null,
    ClosedOn: null,
    IsOnHold: true,
    NumberOfOpenings: 1,
    CreatedOn: '2026-02-01T14:00:00Z',
    ModifiedOn: '2026-04-01T10:00:00Z',
  },
];

function contact(
  overrides: Partial<CrelateContactRecord> & Pick<CrelateContactRecord, 'Id' | 'FirstName' | 'LastName'>,
): CrelateContactRecord {
  return {
    RecordType: 'Candidate',
    CurrentPosition: null,
    Description: null,
    EmailAddresses_Personal: { Value: `${overrides.FirstName.toLowerCase()}@example.org`, IsPrimary: true },
    PhoneNumbers_Mobile: { Value: '+16145550142', IsPrimary: true },
    Addresses_Home: { Line1: '4410 N Clarendon Ave', City: 'Columbus', State: 'OH', ZipCode: '43215', Country: 'United States' },
    Tags: null,
    CreatedOn: '2026-01-10T10:00:00Z',
    ModifiedOn: '2026-01-10T10:00:00Z',
    ...overrides,
  };
}

export const CRELATE_CONTACTS: readonly CrelateContactRecord[] = [
  contact({
    Id: 'c1000000-0000-4000-8000-000000000001',
    FirstName: 'Dana',
    LastName: 'Whitfield',
    CurrentPosition: {
      JobTitle: 'Distribution Manager',
      CompanyId: { Id: 'a2000000-0000-4000-8000-000000000007', Title: 'Midwest Freight' },
      IsPrimary: true,
    },
    Description: 'Ran two DCs with Lean and Manhattan WMS. Call 614-555-0142 or dana.w@example.org.',
    Tags: {
      'e3000000-0000-4000-8000-000000000001': [{ Id: 'g1000000-0000-4000-8000-000000000001', Title: 'Lean Six Sigma' }],
      'e3000000-0000-4000-8000-000000000002': [{ Id: 'g1000000-0000-4000-8000-000000000002', Title: 'Warehouse' }],
    },
    ModifiedOn: '2026-03-15T10:00:00Z',
  }),
  contact({
    Id: 'c1000000-0000-4000-8000-000000000002',
    FirstName: 'Ray',
    LastName: 'Okafor',
    RecordType: 'ClientContact',
    CurrentPosition: { JobTitle: 'VP Operations', CompanyId: ACME, IsPrimary: true },
    ModifiedOn: '2026-03-16T10:00:00Z',
  }),
  contact({
    Id: 'c1000000-0000-4000-8000-000000000003',
    FirstName: 'Luis',
    LastName: 'Ortega',
    RecordType: 'Candidate, ClientContact',
    CurrentPosition: { JobTitle: 'Shift Lead', CompanyId: null, IsPrimary: true },
    ModifiedOn: '2026-02-01T10:00:00Z',
  }),
  contact({
    Id: 'c1000000-0000-4000-8000-000000000004',
    FirstName: 'Priya',
    LastName: 'Nair',
    CurrentPosition: {
      JobTitle: 'Inventory Planner',
      CompanyId: { Id: 'a2000000-0000-4000-8000-000000000008', Title: 'Kroger' },
      IsPrimary: true,
    },
    Addresses_Home: null,
    ModifiedOn: '2026-04-02T10:00:00Z',
  }),
];

const [DANA, , LUIS, PRIYA] = CRELATE_CONTACTS.map((c) => ({ Id: c.Id, Title: `${c.FirstName} ${c.LastName}` }));
const [OPS, FORKLIFT, INVENTORY] = CRELATE_JOBS.map((j) => ({ Id: j.Id, Title: j.Name }));

export const CRELATE_APPLICATIONS: readonly CrelateApplicationRecord[] = [
  {
    Id: 'p1000000-0000-4000-8000-000000000001',
    ContactId: DANA,
    JobId: OPS,
    WorkflowStatusId: { Id: 's1', Title: 'Interviewing with Client' },
    CreatedOn: '2026-02-01T10:00:00Z',
    ModifiedOn: '2026-03-01T10:00:00Z',
  },
  {
    Id: 'p1000000-0000-4000-8000-000000000002',
    ContactId: LUIS,
    JobId: INVENTORY,
    WorkflowStatusId: { Id: 's2', Title: 'Rejected by Client' },
    CreatedOn: '2026-01-03T10:00:00Z',
    ModifiedOn: '2026-01-20T10:00:00Z',
  },
  {
    Id: 'p1000000-0000-4000-8000-000000000003',
    ContactId: PRIYA,
    JobId: INVENTORY,
    WorkflowStatusId: { Id: 's3', Title: 'Candidate Not Interested' },
    CreatedOn: '2026-03-03T10:00:00Z',
    ModifiedOn: '2026-04-05T10:00:00Z',
  },
  {
    Id: 'p1000000-0000-4000-8000-000000000004',
    ContactId: PRIYA,
    JobId: null,
    WorkflowStatusId: null,
    CreatedOn: '2026-03-04T10:00:00Z',
    ModifiedOn: '2026-03-04T10:00:00Z',
  },
];

export const CRELATE_PLACEMENTS: readonly CrelatePlacementRecord[] = [
  {
    Id: 'm1000000-0000-4000-8000-000000000001',
    Name: 'Luis Ortega - Forklift Lead',
    PlacedContactId: LUIS,
    RegardingId: FORKLIFT,
    AccountId: ACME,
    StartDate: '2026-02-16T00:00:00Z',
    CreatedOn: '2026-02-10T10:00:00Z',
    ModifiedOn: '2026-02-10T10:00:00Z',
  },
  {
    Id: 'm1000000-0000-4000-8000-000000000002',
    Name: 'Dana Whitfield - Operations',
    PlacedContactId: DANA,
    RegardingId: OPS,
    AccountId: ACME,
    StartDate: null,
    CreatedOn: '2026-03-20T10:00:00Z',
    ModifiedOn: '2026-03-21T10:00:00Z',
  },
  {
    Id: 'm1000000-0000-4000-8000-000000000003',
    Name: 'Orphan placement',
    PlacedContactId: null,
    RegardingId: OPS,
    AccountId: ACME,
    StartDate: null,
    CreatedOn: '2026-03-22T10:00:00Z',
    ModifiedOn: '2026-03-22T10:00:00Z',
  },
];

export const CRELATE_ACCOUNT: CrelateAccountData = {
  jobs: CRELATE_JOBS,
  contacts: CRELATE_CONTACTS,
  applications: CRELATE_APPLICATIONS,
  placements: CRELATE_PLACEMENTS,
};
