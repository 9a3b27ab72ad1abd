/**
 * Bullhorn: designed, not connected yet. This module holds the typed design of the next connector
 * (docs/ats-connectors.md, "Bullhorn") so that its shapes are settled against the port before the
 * code is written; the registry answers `atsname: 'bullhorn'` with "not available yet".
 *
 * Bullhorn's REST API needs three steps before any read (bullhorn.github.io, "Getting Started
 * with REST" and "OAuth authorization"):
 * 1. find the user's data centre: `GET https://rest.bullhornstaffing.com/rest-services/loginInfo?username=…`
 *    answers the `oauthUrl` and `restUrl` for that user (a wrong data centre answers 307);
 * 2. OAuth 2: an authorization code (`GET {oauthUrl}/authorize?client_id&response_type=code…`),
 *    exchanged for an access token (valid 10 minutes) and a refresh token
 *    (`POST {oauthUrl}/token?grant_type=authorization_code|refresh_token…`); a refresh token is
 *    single-use, each exchange returns the next one;
 * 3. the REST login: `GET {restUrl}login?version=*&access_token=…` answers `{ BhRestToken, restUrl }`;
 *    every read then goes to that corporation-scoped `restUrl` with the `BhRestToken` header until
 *    the session expires (`GET {restUrl}ping` tells when), and a 401 means log in again.
 *
 * The token step will be the one POST: a form POST to the token URL, outside the GET-only client,
 * with the client secret in the form body rather than in the URL Bullhorn's examples use (a
 * standard OAuth token request; to be checked against Bullhorn). It is written with the connector.
 */
import type { AtsApplicationStatus, AtsJobStatus } from '../ats-port';

/** Step 1's answer (`loginInfo`): the user's data-centre URLs. */
export interface BullhornLoginInfo {
  readonly oauthUrl: string;
  readonly restUrl: string;
}

/** The token endpoint's answer, for an authorization code and for a refresh token alike. */
export interface BullhornTokenResponse {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  /** Seconds; 600 in Bullhorn's examples. */
  readonly expires_in: number;
  /** Single-use: it must be stored (encrypted) before the access token is used. */
  readonly refresh_token: string;
}

/** The REST login's answer: the session token and the corporation-scoped API root. */
export interface BullhornRestSession {
  readonly BhRestToken: string;
  /** e.g. `https://rest42.bullhornstaffing.com/rest-services/e999/` */
  readonly restUrl: string;
}

/**
 * What a Bullhorn connection stores, encrypted like every ATS credential. `apikey1` is the OAuth
 * client id and `apikey2` the client secret; the refresh token is the third secret the User
 * record does not hold yet (see the design note).
 */
export interface BullhornConnectionSecrets {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly refreshToken: string;
  /** From `loginInfo`, kept so a session starts without asking again. */
  readonly oauthUrl: string;
  readonly restLoginUrl: string;
}

/** The entities read, each with its read operation: Lucene `search` or JPQL-like `query`. */
export const BULLHORN_ENTITIES = {
  JobOrder: { operation: 'search', fields: 'id,title,status,isOpen,address,employmentType,publicDescription,dateAdded,dateLastModified' },
  Candidate: {
    operation: 'search',
    fields:
      'id,firstName,lastName,occupation,companyName,address(city,state,countryID),description,skillSet,educationDegree,dateAdded,dateLastModified',
  },
  JobSubmission: { operation: 'query', fields: 'id,candidate(id),jobOrder(id),status,dateAdded,dateLastModified' },
  Placement: { operation: 'query', fields: 'id,candidate(id),jobOrder(id),status,dateBegin,dateAdded,dateLastModified' },
} as const;
export type BullhornEntity = keyof typeof BULLHORN_ENTITIES;

/** A `search/{Entity}` or `query/{Entity}` page: `start` and `count` in, `total` out. */
export interface BullhornListResponse<T> {
  readonly total: number;
  readonly start: number;
  readonly count: number;
  readonly data: readonly T[];
}

/** How a Bullhorn list is asked for one page (`count` is at most 500 per Bullhorn). */
export interface BullhornPageRequest {
  readonly entity: BullhornEntity;
  /** `search`: Lucene, e.g. `isDeleted:0 AND dateLastModified:[20260301000000 TO *]`. */
  readonly query?: string;
  /** `query`: e.g. `dateLastModified >= 1772323200000` (epoch milliseconds). */
  readonly where?: string;
  readonly start: number;
  readonly count: number;
  /** Stable order for paging: `id` (ascending). */
  readonly sort: 'id';
}

/** The port's cursor for Bullhorn: the entity being read and the next `start`. */
export interface BullhornCursor {
  readonly entity: BullhornEntity;
  readonly start: number;
}

/** JobOrder `isOpen`/`status` → the port (statuses are each firm's own words besides these). */
export const BULLHORN_JOB_STATUS: Readonly<Record<string, AtsJobStatus>> = {
  Accepting: 'open',
  Open: 'open',
  Closed: 'closed',
  Filled: 'closed',
  Archive: 'closed',
  Lead: 'draft',
};

/**
 * JobSubmission `status` → the port. Placements are read too and are the hires; a submission in
 * "Placed" is hired even before its Placement record exists.
 */
export const BULLHORN_SUBMISSION_STATUS: Readonly<Record<string, AtsApplicationStatus>> = {
  Submitted: 'active',
  'Client Submission': 'active',
  Interview: 'active',
  'Offer Extended': 'active',
  Placed: 'hired',
  'Client Rejected': 'rejected',
  'Candidate Not Interested': 'withdrawn',
};

/** The design in one note, shown by the registry's refusal and kept with docs/ats-connectors.md. */
export const BULLHORN_DESIGN = {
  status: 'designed, not connected yet',
  apikeytype: 'oauth2',
  credentials: 'apikey1 = OAuth client id, apikey2 = client secret; the rotating refresh token is a third encrypted secret',
  authorization:
    'the recruiter authorizes once in the browser (authorization code with state, redirect back to the product); the code is exchanged for tokens server-side and the refresh token stored encrypted, never the Bullhorn password',
  session:
    'refresh → access token → REST login → BhRestToken header on the restUrl; 401 → log in again once; refresh tokens rotate, so each new one is saved before use',
  reads:
    'search/JobOrder, search/Candidate (Lucene, dateLastModified ranges), query/JobSubmission, query/Placement (where dateLastModified >= …); start/count paging, count ≤ 500, sorted by id',
  writes: 'none: the token exchange is the only POST, a form POST to the token URL outside the GET-only client',
} as const;
