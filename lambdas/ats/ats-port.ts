/**
 * The ATS port (issue 7): what the product reads from a recruiter's applicant tracking system,
 * whichever it is. One connector per ATS implements {@link AtsConnector}; every one of them is
 * read-only by construction (its HTTP client exposes GET only; an ATS that needs an OAuth token
 * exchange makes that one POST outside it: Greenhouse's `connectors/greenhouse-token.ts`,
 * Bullhorn's `connectors/bullhorn-token.ts`). Plain TypeScript: no AWS types.
 *
 * A User record names the connection (spec section 3): `atsname` picks the connector,
 * `apikeytype` the auth style, `apikey1`/`apikey2` the credentials (stored encrypted).
 */

/** The ATSs the product knows (which can be connected, and how: ats-settings.ts `AVAILABLE_ATS_NAMES`). */
export const ATS_NAMES = ['greenhouse', 'lever', 'workable', 'crelate', 'bullhorn'] as const;
export type AtsName = (typeof ATS_NAMES)[number];

/**
 * How a connector authenticates, the User record's `apikeytype`:
 * - `basic`: HTTP Basic with the API key as the user name and an empty password (Lever);
 * - `bearer`: `Authorization: Bearer <token>` (Workable; `apikey2` is the account subdomain);
 * - `api-key`: the key in the ATS's own header or query parameter (Crelate);
 * - `oauth2`: client id and secret exchanged for tokens (Greenhouse Harvest v3: client credentials
 *   on behalf of a user; Bullhorn: then its REST login).
 */
export const APIKEY_TYPES = ['basic', 'bearer', 'api-key', 'oauth2'] as const;
export type ApiKeyType = (typeof APIKEY_TYPES)[number];

/** Decrypted credentials, only ever held in memory for the length of one call. */
export interface AtsCredentials {
  readonly atsname: AtsName;
  readonly apikeytype: ApiKeyType;
  /** The API key or token (or OAuth client id). */
  readonly apikey1: string;
  /** The second credential where the ATS needs one (Workable subdomain, OAuth client secret). */
  readonly apikey2: string | null;
}

export type AtsJobStatus = 'open' | 'closed' | 'draft' | 'other';

export interface AtsJob {
  readonly id: string;
  readonly title: string;
  readonly status: AtsJobStatus;
  /** '' when the ATS has none. */
  readonly location: string;
  readonly department: string;
  /** The posting or requisition text, HTML stripped; '' when the ATS has none. */
  readonly description: string;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

export interface AtsCandidate {
  readonly id: string;
  readonly name: string;
  /** Current title and company, e.g. "Senior Engineer at Acme"; '' when unknown. */
  readonly headline: string;
  readonly location: string;
  /**
   * The text the assistant works on: summary, experience, education, skills and tags as plain
   * text, assembled from what the ATS returns (never e-mail addresses or phone numbers).
   */
  readonly profile: string;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
}

/** `hired` applications are the user's past placements. */
export type AtsApplicationStatus = 'active' | 'rejected' | 'hired' | 'withdrawn';

export interface AtsApplication {
  readonly id: string;
  readonly candidateId: string;
  readonly jobId: string;
  readonly status: AtsApplicationStatus;
  /** The ATS's stage name, e.g. "Onsite interview"; '' when unknown. */
  readonly stage: string;
  readonly appliedAt: string | null;
  /** When it was hired, rejected or withdrawn; `null` while active. */
  readonly closedAt: string | null;
  readonly updatedAt: string | null;
}

/**
 * Records of one page that could not be read, grouped by why. `reason` names the field or the
 * rule (`unreadable "applied_at"`, `no candidate id`), never a value from the record: it is shown
 * to the recruiter and logged, and a value could be personal data.
 */
export interface AtsSkippedRecords {
  readonly reason: string;
  readonly count: number;
}

/** One page of a list; `nextCursor` is opaque to callers and `null` on the last page. */
export interface AtsPage<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
  /** What this page held that could not be read (connectors/record-reading.ts); absent or empty when everything was. */
  readonly skipped?: readonly AtsSkippedRecords[];
  /**
   * Features this page had to do without, in words for the recruiter ("Lever did not let this API
   * key read archive reasons, …"): an optional endpoint the key may not read degrades one feature,
   * never the sync. Names endpoints and features, never a value from a record.
   */
  readonly notices?: readonly string[];
}

export interface AtsListOptions {
  /** Resume after this page (a previous page's `nextCursor`); `null` for the first page. */
  readonly cursor: string | null;
  /** Only records changed at or after this instant (ISO 8601), when the ATS can filter so. */
  readonly updatedSince: string | null;
}

export interface AtsConnector {
  readonly name: AtsName;
  /**
   * A harmless read that proves the credentials work (e.g. one job). Resolves with the account's
   * name when the ATS tells it; rejects with an {@link AtsError} saying what failed.
   */
  testConnection(): Promise<{ readonly accountName: string | null }>;
  listJobs(options: AtsListOptions): Promise<AtsPage<AtsJob>>;
  listCandidates(options: AtsListOptions): Promise<AtsPage<AtsCandidate>>;
  listApplications(options: AtsListOptions): Promise<AtsPage<AtsApplication>>;
}

/** Why an ATS call failed, in words a recruiter can act on (the message is shown to them). */
export type AtsErrorReason =
  /** 401/403: the key is wrong, revoked, or lacks read permission. */
  | 'credentials'
  /** 404 on the base resource: the subdomain/account does not exist. */
  | 'account'
  /** 429 still after the retries. */
  | 'rate-limited'
  /** 5xx, time-outs or network failures still after the retries. */
  | 'unavailable'
  /** The ATS answered something the connector does not understand. */
  | 'response';

export class AtsError extends Error {
  override readonly name = 'AtsError';

  constructor(
    readonly reason: AtsErrorReason,
    message: string,
    /** Seconds to wait before retrying, when the ATS said. */
    readonly retryAfterSeconds: number | null = null,
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }
}
