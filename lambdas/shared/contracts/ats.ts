import * as z from '../zod';
import { APIKEY_TYPES, ATS_NAMES, type ApiKeyType, type AtsName } from '../../ats/ats-port';
import { ATS_LIMITS } from './ats-limits';

/**
 * The ATS REST contract (issue 7): connect a recruiter's applicant tracking system read-only,
 * sync its jobs, candidates and applications, and predict placements from past ones. Handlers
 * validate requests with these schemas; the web client imports the types only.
 *
 * Every route is for signed-in subscribers (the same gate as the assistant's routes). ATS keys
 * are write-only: no answer ever carries one, only `••••` and the last four characters.
 *
 * | Method | Path | Body / query | Answer |
 * |---|---|---|---|
 * | GET  | /ats/connection        | none                       | {@link AtsConnectionResponse} |
 * | POST | /ats/connection        | {@link ConnectAtsRequest}  | {@link AtsConnectionResponse} (tested, then saved) |
 * | POST | /ats/connection/test   | none                       | {@link AtsTestResponse} |
 * | POST | /ats/connection/remove | none                       | {@link AtsConnectionResponse} (nothing connected) |
 * | POST | /ats/sync              | none                       | {@link AtsSyncResponse} |
 * | GET  | /ats/jobs              | none                       | {@link AtsJobsResponse} |
 * | GET  | /ats/candidates        | `?jobId=`                  | {@link AtsCandidatesResponse} |
 * | POST | /ats/predict           | {@link PredictPlacementsRequest} | {@link PredictPlacementsResponse} |
 */

/** The ATSs and auth styles are the ATS port's (lambdas/ats/ats-port.ts), under the contract's names. */
export const ATS_CONTRACT_NAMES = ATS_NAMES;
export type AtsContractName = AtsName;

export const ATS_CONTRACT_KEY_TYPES = APIKEY_TYPES;
export type AtsContractKeyType = ApiKeyType;

/** Limits of the ATS answers (ats-limits.ts, which the web imports without the schemas). */
export { ATS_LIMITS };

/**
 * Who may change the firm's ATS connection (issue 18, organization-rules `manageAts`), in the words
 * the settings show a recruiter and the server's 403 `ats_managers_only` begins with.
 */
export const ATS_MANAGERS_ONLY_SENTENCE = "Only your firm's owners and admins can connect, test, sync or disconnect its ATS.";

/** ATS ids are the ATS's own (numbers, UUIDs, slugs); bounded and printable. */
export const ATS_ID_PATTERN = /^[A-Za-z0-9._:@-]{1,128}$/;

const AtsIdSchema = z.string({ error: 'The ATS job id must be text.' }).check(z.regex(ATS_ID_PATTERN, 'The ATS job id is not valid.'));

function key(label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .check(z.maxLength(ATS_LIMITS.keyMaxChars, `${label} has at most ${ATS_LIMITS.keyMaxChars} characters.`));
}

/**
 * `POST /ats/connection`: the ATS, its auth style and the credentials. A key sent back as the
 * mask the API answered (`••••1234`) keeps the saved key, for the same ATS only. The connection
 * is tested with a harmless read before anything is saved.
 */
export const ConnectAtsRequestSchema = z.strictObject(
  {
    atsname: z.enum(ATS_CONTRACT_NAMES, { error: 'Choose the ATS to connect.' }),
    apikeytype: z.enum(ATS_CONTRACT_KEY_TYPES, { error: 'Choose the key type.' }),
    apikey1: key('The API key'),
    apikey2: z.optional(z.nullable(key('The second credential'))),
  },
  // The default message quotes the unknown names, and a key pasted as one would come back in the answer.
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Send only atsname, apikeytype, apikey1 and apikey2.' : undefined) },
);
export type ConnectAtsRequest = z.infer<typeof ConnectAtsRequestSchema>;

/**
 * Greenhouse Harvest v3's client ID and the Greenhouse user ID its token acts for, as one
 * `apikey1` (`<client id>:<user id>`): the User record has two sealed key fields and the client
 * secret takes the second (docs/decisions.md, "Greenhouse Harvest v3"). The form and the connector
 * both go through these two functions.
 */
export function joinClientIdAndUserId(clientId: string, userId: string): string {
  return `${clientId.trim()}:${userId.trim()}`;
}

/** The client ID and user ID of a joined `apikey1`; `null` when it is not one (the user ID is Greenhouse's numeric id). */
export function splitClientIdAndUserId(value: string | null | undefined): { readonly clientId: string; readonly userId: string } | null {
  const match = /^(\S+):(\d{1,20})$/.exec(value?.trim() ?? '');
  return match ? { clientId: match[1], userId: match[2] } : null;
}

/** One ATS as the settings form offers it. */
export interface AtsOption {
  readonly atsname: AtsContractName;
  readonly label: string;
  readonly apikeytype: AtsContractKeyType;
  /** The first credential's label, e.g. "Lever API key". */
  readonly keyLabel: string;
  /** The second credential's label (Workable's subdomain); `null` when the ATS needs none. */
  readonly secondLabel: string | null;
  /** Where in the ATS the recruiter finds the key, in one sentence. */
  readonly help: string;
  /**
   * The label of a user id the first credential carries with it (Greenhouse Harvest v3: the user
   * the token acts for), typed in its own field and sent joined to it by {@link joinClientIdAndUserId};
   * absent for the other ATSs.
   */
  readonly userIdLabel?: string;
  /** `false` for an ATS designed but not connectable yet (Bullhorn). */
  readonly available: boolean;
}

/** The saved connection as any answer shows it: masked keys, never the keys. */
export interface AtsConnectionView {
  readonly atsname: AtsContractName;
  readonly label: string;
  readonly apikeytype: AtsContractKeyType;
  /** `••••` + the last four characters (`••••` alone for a short key). */
  readonly apikey1: string;
  readonly apikey2: string | null;
  /** The account name the ATS gave when last tested; `null` when it gives none. */
  readonly accountName: string | null;
  readonly connectedAt: string | null;
  readonly lastTestedAt: string | null;
}

export type AtsSyncStateView = 'idle' | 'running' | 'partial' | 'paused' | 'failed' | 'complete';

export interface AtsSyncCountView {
  /** Records read from the ATS (the skipped ones not included). */
  readonly read: number;
  readonly stored: number;
  /** Records the ATS returned that could not be read, so were not stored. */
  readonly skipped: number;
}

/** What a sync reads: jobs, candidates, applications. */
export type AtsSyncResourceView = keyof AtsSyncView['counts'];

/**
 * Why a sync skipped records of one kind, and how many. `reason` names a field or a rule
 * (`unreadable "Tags"`, `no candidate id`), never a value from the record.
 */
export interface AtsSkippedReasonView {
  readonly resource: AtsSyncResourceView;
  readonly reason: string;
  readonly count: number;
}

/** Where the user's sync stands (see lambdas/ats/sync/sync-store.ts). */
export interface AtsSyncView {
  readonly state: AtsSyncStateView;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly lastCompleteAt: string | null;
  /** `paused`: not before this instant. */
  readonly resumeAt: string | null;
  readonly message: string | null;
  /** What this sync (the last one, once it ended) read, stored and skipped, over all its calls. */
  readonly counts: { readonly jobs: AtsSyncCountView; readonly candidates: AtsSyncCountView; readonly applications: AtsSyncCountView };
  /**
   * Why this sync skipped records, by kind (at most 10 reasons; a kind's `counts.skipped` is exact
   * even when some of its reasons are not listed). Empty when nothing was skipped.
   */
  readonly skippedReasons: readonly AtsSkippedReasonView[];
  /**
   * Features this sync had to do without, in words for the recruiter ("Lever did not let this API
   * key read archive reasons, …"; at most 5, distinct). Empty when it had everything it reads.
   */
  readonly notices: readonly string[];
  /** What is stored now for the user (all syncs together). */
  readonly stored: { readonly jobs: number; readonly candidates: number; readonly applications: number; readonly placements: number };
}

/** `GET /ats/connection` and the answer of every change to it. */
export interface AtsConnectionResponse {
  /** `null` when no ATS is connected. */
  readonly connection: AtsConnectionView | null;
  readonly sync: AtsSyncView;
  readonly options: readonly AtsOption[];
}

/** `POST /ats/connection/test`: the saved connection tried with a harmless read. */
export interface AtsTestResponse {
  readonly ok: boolean;
  readonly accountName: string | null;
  /** For the recruiter: what worked, or what failed and what to do. */
  readonly message: string;
  readonly testedAt: string;
}

/**
 * `POST /ats/sync`: one call reads until it completes or its time budget (about 20 s) is spent.
 * `partial`: call again to continue where it stopped; `paused`: the ATS asked to wait until
 * `sync.resumeAt`; `running`: another call is syncing.
 */
export interface AtsSyncResponse {
  readonly outcome: 'complete' | 'partial' | 'paused' | 'failed' | 'running';
  readonly sync: AtsSyncView;
}

/** One synced job. */
export interface AtsJobView {
  readonly id: string;
  readonly title: string;
  readonly status: 'open' | 'closed' | 'draft' | 'other';
  readonly location: string;
  readonly department: string;
  readonly description: string;
  readonly updatedAt: string | null;
  /** Applications to it that are still in process (what prediction ranks). */
  readonly activeApplications: number;
  readonly placements: number;
}

export interface AtsJobsResponse {
  readonly jobs: readonly AtsJobView[];
}

export const AtsCandidatesQuerySchema = z.strictObject({ jobId: AtsIdSchema });
export type AtsCandidatesQuery = z.infer<typeof AtsCandidatesQuerySchema>;

/** One synced candidate with the profile text the assistant works on (no e-mail, no phone). */
export interface AtsCandidateView {
  readonly id: string;
  readonly name: string;
  readonly headline: string;
  readonly location: string;
  readonly profile: string;
  /** Whether their application to the job asked for is still in process (the job's pipeline now). */
  readonly inPipeline: boolean;
}

export interface AtsCandidatesResponse {
  readonly candidates: readonly AtsCandidateView[];
}

export const PredictPlacementsRequestSchema = z.strictObject({ jobId: AtsIdSchema });
export type PredictPlacementsRequest = z.infer<typeof PredictPlacementsRequestSchema>;

/** How the model did on past applications it did not learn from. */
export interface PlacementEvaluationView {
  readonly method: 'held-out' | 'cross-validation';
  readonly trainingSize: number;
  readonly heldOutSize: number;
  /** 0 to 1. */
  readonly accuracy: number;
  readonly baselineAccuracy: number;
  readonly precision: number | null;
  readonly recall: number;
  /** The figures in words. */
  readonly summary: string;
}

export interface PlacementReasonView {
  /** The feature as the UI names it, e.g. "Must-haves met". */
  readonly label: string;
  /** What the data says, e.g. "Meets 4 of 5 must-haves (80%)". */
  readonly explanation: string;
  readonly direction: 'raises' | 'lowers';
}

export interface PlacementPredictionView {
  readonly applicationId: string;
  readonly candidateId: string;
  readonly candidateName: string;
  /** 0 to 100. */
  readonly probability: number;
  readonly stage: string;
  readonly reasons: readonly PlacementReasonView[];
}

export type PlacementOutcomeView =
  | {
      readonly status: 'trained';
      readonly evaluation: PlacementEvaluationView;
      readonly predictions: readonly PlacementPredictionView[];
      readonly trainedAt: string;
    }
  | {
      readonly status: 'insufficient-history';
      /** Says how much history there is and how much is needed. */
      readonly message: string;
      readonly closedApplications: number;
      readonly placements: number;
      readonly required: { readonly closedApplications: number; readonly placements: number };
    }
  | { readonly status: 'weak-signal'; readonly message: string; readonly evaluation: PlacementEvaluationView };

/** `POST /ats/predict`: the job's active applications ranked by their chance of a placement. */
export interface PredictPlacementsResponse {
  readonly job: AtsJobView;
  readonly prediction: PlacementOutcomeView;
}
