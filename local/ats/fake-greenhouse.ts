import {
  basicUser,
  startFakeAtsServer,
  type FakeAtsServer,
  type FakeResponse,
  type RecordedRequest,
  type FakeAtsServerOptions,
} from './fake-ats-server';

/**
 * A fake Greenhouse Harvest API v1 on 127.0.0.1, answering as Greenhouse documents it
 * (grnhse/greenhouse-api-docs, `harvest/_introduction.md`, `_jobs.md`, `_candidates.md`,
 * `_applications.md`):
 * - Basic auth with the API key as the user name and an empty password; anything else 401;
 * - `GET /v1/jobs`, `/v1/candidates`, `/v1/applications` as JSON arrays, `per_page` 1–500
 *   (default 100; else 422) and `page`, a `Link` header with `next`/`prev` and `last` (left out
 *   with `skip_count=true`) as absolute URLs keeping the request's other parameters, no `Link`
 *   header when everything fits on one page;
 * - filters `updated_after` (jobs, candidates), `last_activity_after` (applications),
 *   `created_after`, `status`, `job_id`; timestamps must be ISO 8601 (else 422);
 * - `X-RateLimit-Limit`/`X-RateLimit-Remaining` on answers; scripted failures from the base.
 * Guessed where the docs are silent: the 401/404/422/429 body texts, whether 429 carries
 * `Retry-After` (tests script both), and records sorted by id.
 */

export type GreenhouseRecord = Record<string, unknown> & { readonly id: number };

export interface FakeGreenhouseData {
  readonly jobs?: readonly GreenhouseRecord[];
  readonly candidates?: readonly GreenhouseRecord[];
  readonly applications?: readonly GreenhouseRecord[];
}

export interface FakeGreenhouseOptions {
  readonly port?: number;
  /** Names the server in a busy port's message (see {@link FakeAtsServerOptions}). */
  readonly label?: FakeAtsServerOptions['label'];
  readonly apiKey: string;
  readonly data?: FakeGreenhouseData;
  /** At most this many records per page whatever `per_page` asks (to get several pages from a little data). */
  readonly pageSize?: number;
}

export interface FakeGreenhouse extends FakeAtsServer {
  /** The API root to give the connector: `http://127.0.0.1:<port>/v1`. */
  readonly url: string;
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Starts a fake Greenhouse Harvest API; resolves once it listens. */
export async function startFakeGreenhouse(options: FakeGreenhouseOptions): Promise<FakeGreenhouse> {
  const data = { jobs: [], candidates: [], applications: [], ...options.data };
  let origin = '';
  const list =
    (records: readonly GreenhouseRecord[], updatedField: string, updatedParam: string, skipCountAllowed: boolean) =>
    (request: RecordedRequest): FakeResponse => {
      const perPage = request.query.per_page === undefined ? 100 : Number(request.query.per_page);
      const page = request.query.page === undefined ? 1 : Number(request.query.page);
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 500 || !Number.isInteger(page) || page < 1) {
        return validationError('per_page', 'Must be an integer between 1 and 500');
      }
      for (const param of [updatedParam, 'created_after']) {
        const value = request.query[param];
        if (value !== undefined && (!ISO_8601.test(value) || Number.isNaN(Date.parse(value))))
          return validationError(param, 'Must be a valid ISO-8601 timestamp');
      }
      const since = request.query[updatedParam];
      const createdAfter = request.query.created_after;
      const selected = [...records]
        .filter((record) => since === undefined || Date.parse(String(record[updatedField])) >= Date.parse(since))
        .filter(
          (record) => createdAfter === undefined || Date.parse(String(record.created_at ?? record.applied_at)) >= Date.parse(createdAfter),
        )
        .filter((record) => request.query.status === undefined || record.status === request.query.status)
        .filter((record) => request.query.job_id === undefined || jobIds(record).includes(Number(request.query.job_id)))
        .sort((a, b) => a.id - b.id);
      const size = Math.min(perPage, options.pageSize ?? perPage);
      const pages = Math.max(1, Math.ceil(selected.length / size));
      const body = selected.slice((page - 1) * size, page * size);
      const link = (n: number) => {
        const query = new URLSearchParams({ ...request.query, page: String(n), per_page: String(size) });
        return `${origin}${request.path}?${query.toString()}`;
      };
      const links: string[] = [];
      if (page < pages) links.push(`<${link(page + 1)}>; rel="next"`);
      if (page > 1) links.push(`<${link(page - 1)}>; rel="prev"`);
      if (!(skipCountAllowed && request.query.skip_count === 'true') && pages > 1) links.push(`<${link(pages)}>; rel="last"`);
      const headers: Record<string, string> = { 'x-ratelimit-limit': '50', 'x-ratelimit-remaining': '49' };
      if (links.length > 0) headers.link = links.join(',');
      return { status: 200, headers, body };
    };

  const server = await startFakeAtsServer({
    port: options.port,
    label: options.label,
    routes: {
      '/v1/jobs': list(data.jobs, 'updated_at', 'updated_after', true),
      '/v1/candidates': list(data.candidates, 'updated_at', 'updated_after', false),
      '/v1/applications': list(data.applications, 'last_activity_at', 'last_activity_after', true),
    },
    authenticate: (request) =>
      basicUser(request.headers) === options.apiKey &&
      /^Basic /.test(request.headers.authorization ?? '') &&
      decodedPassword(request) === ''
        ? null
        : { status: 401, body: { message: 'Invalid Basic Auth credentials' } },
  });
  origin = server.origin;
  return Object.assign(server, { url: `${server.origin}/v1` });
}

function decodedPassword(request: RecordedRequest): string | null {
  const token = (request.headers.authorization ?? '').replace(/^Basic\s+/i, '');
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

function validationError(field: string, message: string): FakeResponse {
  return { status: 422, body: { message: 'Validation error', errors: [{ message, field }] } };
}

function jobIds(record: GreenhouseRecord): number[] {
  const jobs = (record.jobs ?? []) as { id: number }[];
  const applications = (record.applications ?? []) as { jobs?: { id: number }[] }[];
  return [...jobs, ...applications.flatMap((application) => application.jobs ?? [])].map((job) => job.id);
}

// --- Records shaped like the documentation's examples ------------------------------------------

/** A job as Harvest lists it (the documented example's fields), with overrides. */
export function greenhouseJob(overrides: Partial<GreenhouseRecord> & { id: number }): GreenhouseRecord {
  return {
    name: 'Archaeologist',
    requisition_id: `req-${overrides.id}`,
    notes: '<p>Resistance to electro-magnetic radiation a plus!</p>',
    confidential: false,
    status: 'open',
    created_at: '2026-01-10T14:42:58Z',
    opened_at: '2026-01-11T14:42:58Z',
    closed_at: null,
    updated_at: '2026-02-12T14:42:58Z',
    is_template: false,
    copied_from_id: null,
    departments: [{ id: 25907, name: 'Engineering', parent_id: null, child_ids: [], external_id: null }],
    offices: [
      {
        id: 47012,
        name: 'New York',
        location: { name: 'New York, United States' },
        primary_contact_user_id: null,
        parent_id: null,
        child_ids: [],
        external_id: null,
      },
    ],
    custom_fields: { employment_type: 'Full-Time' },
    keyed_custom_fields: { employment_type: { name: 'Time type', type: 'single_select', value: 'Full-Time' } },
    hiring_team: { hiring_managers: [], recruiters: [], coordinators: [], sourcers: [] },
    openings: [
      {
        id: 123,
        opening_id: '3-1',
        status: 'open',
        opened_at: '2026-01-11T14:42:58Z',
        closed_at: null,
        application_id: null,
        close_reason: null,
      },
    ],
    ...overrides,
  };
}

/** An application as Harvest lists it, with overrides. */
export function greenhouseApplication(
  overrides: Partial<GreenhouseRecord> & { id: number; candidate_id: number; job_id?: number },
): GreenhouseRecord {
  const { job_id: jobId = 6404, ...rest } = overrides;
  return {
    prospect: false,
    applied_at: '2026-03-01T12:56:05.244Z',
    rejected_at: null,
    last_activity_at: '2026-03-02T13:00:28.038Z',
    location: { address: 'New York, New York, USA' },
    source: { id: 2, public_name: 'Jobs page on your website' },
    credited_to: { id: 4080, first_name: 'Kate', last_name: 'Austen', name: 'Kate Austen', employee_id: '12345' },
    rejection_reason: null,
    rejection_details: null,
    jobs: [{ id: jobId, name: 'Archaeologist' }],
    job_post_id: 123,
    status: 'active',
    current_stage: { id: 767358, name: 'Application Review' },
    answers: [
      { question: 'How did you hear about this job?', answer: 'Online Research' },
      { question: 'Website', answer: 'mytestwebsite.com' },
    ],
    prospective_office: null,
    prospective_department: null,
    prospect_detail: { prospect_pool: null, prospect_stage: null, prospect_owner: null },
    custom_fields: {},
    keyed_custom_fields: {},
    attachments: [],
    ...rest,
  };
}

/** A candidate as Harvest lists it, contact data included (the connector must not read it), with overrides. */
export function greenhouseCandidate(overrides: Partial<GreenhouseRecord> & { id: number }): GreenhouseRecord {
  return {
    first_name: 'John',
    last_name: 'Locke',
    company: 'The Tustin Box Company',
    title: 'Man of Mystery',
    created_at: '2026-01-15T03:31:46.591Z',
    updated_at: '2026-02-28T12:29:30.497Z',
    last_activity: '2026-02-28T12:29:30.481Z',
    is_private: false,
    photo_url: null,
    attachments: [],
    application_ids: [],
    phone_numbers: [{ value: '555-555-5555', type: 'mobile' }],
    addresses: [{ value: '123 City Street\nNew York, Ny 10001', type: 'home' }],
    email_addresses: [{ value: 'john.locke@example.com', type: 'personal' }],
    website_addresses: [{ value: 'mysite.com', type: 'personal' }],
    social_media_addresses: [{ value: 'twitter.com/test' }],
    recruiter: { id: 92120, first_name: 'Greenhouse', last_name: 'Admin', name: 'Greenhouse Admin', employee_id: null },
    coordinator: null,
    can_email: true,
    tags: ['Python', 'Ruby'],
    applications: [],
    educations: [
      {
        id: 561227,
        school_name: 'University of Michigan - Ann Arbor',
        degree: "Bachelor's Degree",
        discipline: 'Computer Science',
        start_date: '2012-08-15T00:00:00.000Z',
        end_date: '2016-05-15T00:00:00.000Z',
      },
    ],
    employments: [{ id: 8485064, company_name: 'Greenhouse', title: 'Engineer', start_date: '2016-08-15T00:00:00.000Z', end_date: null }],
    linked_user_ids: [],
    custom_fields: { desired_salary: '1000000000' },
    keyed_custom_fields: { desired_salary: { name: 'Desired Salary', type: 'short_text', value: '1000000000' } },
    ...overrides,
  };
}
