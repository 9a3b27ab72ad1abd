/**
 * A small Workable account in SPI v3's own JSON shapes (the documented examples' fields): jobs
 * with their HTML postings, and candidates as the detail endpoint returns them. The fake server
 * derives the list answers from these records; mapping tests read them directly.
 */

/** A job as `GET /jobs?include_fields=full_description` returns it. */
export interface WorkableJobRecord {
  readonly id: string;
  readonly shortcode: string;
  readonly title: string;
  readonly full_title: string;
  readonly state: 'draft' | 'published' | 'closed' | 'archived';
  readonly department: string | null;
  readonly location: {
    readonly location_str: string | null;
    readonly city: string | null;
    readonly region: string | null;
    readonly country: string | null;
    readonly telecommuting: boolean;
    readonly workplace_type: 'on_site' | 'hybrid' | 'remote';
  };
  readonly full_description: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** A candidate as `GET /candidates/:id` returns it (the list answer keeps a subset). */
export interface WorkableCandidateRecord {
  readonly id: string;
  readonly name: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly headline: string | null;
  readonly account: { readonly subdomain: string; readonly name: string };
  readonly job: { readonly shortcode: string; readonly title: string } | null;
  readonly stage: string;
  readonly stage_kind: string;
  readonly disqualified: boolean;
  readonly withdrew: boolean;
  readonly disqualified_at: string | null;
  readonly disqualification_reason: string | null;
  readonly sourced: boolean;
  readonly email: string;
  readonly phone: string | null;
  readonly address: string | null;
  readonly location: { readonly location_str: string | null; readonly city: string | null; readonly country: string | null } | null;
  readonly summary: string | null;
  readonly cover_letter: string | null;
  readonly education_entries: readonly {
    readonly degree: string | null;
    readonly school: string;
    readonly field_of_study: string | null;
    readonly start_date: string | null;
    readonly end_date: string | null;
  }[];
  readonly experience_entries: readonly {
    readonly title: string;
    readonly summary: string | null;
    readonly start_date: string | null;
    readonly end_date: string | null;
    readonly company: string | null;
    readonly industry: string | null;
    readonly current: boolean;
  }[];
  readonly skills: readonly { readonly name: string }[];
  readonly tags: readonly string[];
  readonly hired_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface WorkableAccountData {
  readonly subdomain: string;
  readonly name: string;
  readonly jobs: readonly WorkableJobRecord[];
  readonly candidates: readonly WorkableCandidateRecord[];
}

const ACCOUNT = { subdomain: 'groove-tech', name: 'Groove Tech' } as const;

export const WORKABLE_JOBS: readonly WorkableJobRecord[] = [
  {
    id: '61884e2',
    shortcode: 'GROOV003',
    title: 'Senior Backend Engineer',
    full_title: 'Senior Backend Engineer - US/3/SBE',
    state: 'published',
    department: 'Engineering',
    location: {
      location_str: 'Denver, Colorado, United States',
      city: 'Denver',
      region: 'Colorado',
      country: 'United States',
      telecommuting: false,
      workplace_type: 'hybrid',
    },
    full_description: '<p>We build payment services.</p><h3>Requirements</h3><ul><li>Java &amp; Spring Boot</li><li>5+ years</li></ul>',
    created_at: '2026-01-10T09:00:00Z',
    updated_at: '2026-03-01T12:00:00Z',
  },
  {
    id: '61884e3',
    shortcode: 'GROOV004',
    title: 'Office Manager',
    full_title: 'Office Manager - US/4/OM',
    state: 'closed',
    department: 'Operations',
    location: { location_str: null, city: null, region: null, country: null, telecommuting: true, workplace_type: 'remote' },
    full_description: '<p>Keep the office running.</p>',
    created_at: '2026-01-12T09:00:00Z',
    updated_at: '2026-04-02T08:30:00Z',
  },
  {
    id: '61884e4',
    shortcode: 'GROOV005',
    title: 'Sales Intern',
    full_title: 'Sales Intern - US/5/SI',
    state: 'archived',
    department: null,
    location: {
      location_str: 'Austin, Texas, United States',
      city: 'Austin',
      region: 'Texas',
      country: 'United States',
      telecommuting: false,
      workplace_type: 'on_site',
    },
    full_description: null,
    created_at: '2025-11-01T09:00:00Z',
    updated_at: '2026-02-01T09:00:00Z',
  },
];

function candidate(
  overrides: Partial<WorkableCandidateRecord> & Pick<WorkableCandidateRecord, 'id' | 'firstname' | 'lastname'>,
): WorkableCandidateRecord {
  return {
    name: `${overrides.firstname} ${overrides.lastname}`,
    headline: null,
    account: ACCOUNT,
    job: { shortcode: 'GROOV003', title: 'Senior Backend Engineer' },
    stage: 'applied',
    stage_kind: 'applied',
    disqualified: false,
    withdrew: false,
    disqualified_at: null,
    disqualification_reason: null,
    sourced: false,
    email: `${overrides.firstname.toLowerCase()}@example.com`,
    phone: '(785) 991-6256',
    address: '332 Clemmie Roads, Colorado, USA',
    location: { location_str: 'Denver, CO, United States', city: 'Denver', country: 'United States' },
    summary: null,
    cover_letter: 'Dear hiring manager, call me at (785) 991-6256.',
    education_entries: [],
    experience_entries: [],
    skills: [],
    tags: [],
    hired_at: null,
    created_at: '2026-02-01T10:00:00Z',
    updated_at: '2026-02-02T10:00:00Z',
    ...overrides,
  };
}

export const WORKABLE_CANDIDATES: readonly WorkableCandidateRecord[] = [
  candidate({
    id: 'ce4da98',
    firstname: 'Lakita',
    lastname: 'Marrero',
    headline: 'Backend Engineer at Paylane',
    stage: 'hired',
    stage_kind: 'hired',
    hired_at: '2026-03-20T00:00:00Z',
    summary: 'Payments engineer; reach me at lakita.marrero@example.com or +1 720-555-0188.',
    experience_entries: [
      {
        title: 'Backend Engineer',
        summary: '<p>Card authorization in <b>Java 17</b> and Spring Boot.</p>',
        start_date: '2020-05-01',
        end_date: null,
        company: 'Paylane',
        industry: 'Fintech',
        current: true,
      },
    ],
    education_entries: [
      {
        degree: 'BSc',
        school: 'University of Colorado',
        field_of_study: 'Computer Science',
        start_date: '2014-09-01',
        end_date: '2018-06-01',
      },
    ],
    skills: [{ name: 'Java' }, { name: 'Spring Boot' }, { name: 'Kafka' }],
    tags: ['payments', 'referral'],
    updated_at: '2026-03-20T10:00:00Z',
  }),
  candidate({
    id: 'ce4da99',
    firstname: 'Cindy',
    lastname: 'Sawyers',
    headline: 'Operations Manager',
    job: { shortcode: 'GROOV004', title: 'Office Manager' },
    stage: 'interview',
    stage_kind: 'interview',
    disqualified: true,
    disqualified_at: '2026-03-05T15:00:00Z',
    disqualification_reason: 'Overqualified',
    summary: 'A results-driven operations manager.',
    // Edited after the disqualification: the last change is not the rejection's date.
    updated_at: '2026-03-09T11:00:00Z',
  }),
  candidate({
    id: 'ce4daa0',
    firstname: 'Omar',
    lastname: 'Haddad',
    headline: 'Software Engineer',
    stage: 'offer',
    stage_kind: 'offer',
    disqualified: true,
    withdrew: true,
    disqualified_at: '2026-03-10T16:30:00Z',
    updated_at: '2026-03-11T09:00:00Z',
  }),
  candidate({
    id: 'ce4daa1',
    firstname: 'Mei',
    lastname: 'Tanaka',
    headline: 'Platform Engineer',
    stage: 'phone-screen',
    stage_kind: 'phone_screen',
    skills: [{ name: 'Go' }],
    updated_at: '2026-04-01T09:00:00Z',
  }),
  candidate({
    id: 'ce4daa2',
    firstname: 'Jonas',
    lastname: 'Berg',
    headline: 'Sales Associate',
    job: null,
    stage: 'sourced',
    stage_kind: 'sourced',
    sourced: true,
    updated_at: '2026-04-03T09:00:00Z',
  }),
];

export const WORKABLE_ACCOUNT: WorkableAccountData = { ...ACCOUNT, jobs: WORKABLE_JOBS, candidates: WORKABLE_CANDIDATES };
