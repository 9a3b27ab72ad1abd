import {
  ATS_CONTRACT_KEY_TYPES,
  ATS_CONTRACT_NAMES,
  type AtsCandidateView,
  type AtsConnectionResponse,
  type AtsConnectionView,
  type AtsContractKeyType,
  type AtsContractName,
  type AtsJobView,
  type AtsSyncCountView,
  type AtsSyncView,
} from '../../shared/contracts/ats';
import type { AtsApplication, AtsCandidate, AtsJob } from '../ats-port';
import { ATS_LABELS } from '../ats-settings';
import { maskedCredentialView, type StoredCredentials } from '../credentials/credential-vault';
import { presentSyncStatus } from '../sync/sync-status';
import type { AtsSyncCount, AtsSyncStatus } from '../sync/sync-store';
import type { AtsConnectionMeta, AtsStoredCounts } from '../store/ats-connection-store';
import type { AtsDependencies } from './ats-dependencies';
import { ATS_OPTIONS } from './ats-options';

/**
 * How the ATS answers show stored things: masks instead of keys (from the hints stored with the
 * sealed values, nothing decrypted), the sync status as the UI should read it, and synced records
 * without anything the contract does not name.
 */

const isName = (value: unknown): value is AtsContractName => (ATS_CONTRACT_NAMES as readonly unknown[]).includes(value);
const isKeyType = (value: unknown): value is AtsContractKeyType => (ATS_CONTRACT_KEY_TYPES as readonly unknown[]).includes(value);

/**
 * The saved connection, or `null` when none is saved. Settings this API never wrote (an unknown
 * ATS or key type from before) are shown as nothing connected: they cannot be used and are
 * replaced by the next save.
 */
export function connectionView(record: StoredCredentials, meta: AtsConnectionMeta | null): AtsConnectionView | null {
  const masked = maskedCredentialView(record);
  if (!isName(masked.atsname) || !isKeyType(masked.apikeytype) || masked.apikey1 === null) return null;
  // The details belong to this connection only if they name its ATS.
  const details = meta?.atsname === masked.atsname ? meta : null;
  return {
    atsname: masked.atsname,
    label: ATS_LABELS[masked.atsname],
    apikeytype: masked.apikeytype,
    apikey1: masked.apikey1,
    apikey2: masked.apikey2,
    accountName: details?.accountName ?? null,
    connectedAt: details?.connectedAt ?? null,
    lastTestedAt: details?.lastTestedAt ?? null,
  };
}

const countView = ({ read, stored, skipped }: AtsSyncCount): AtsSyncCountView => ({ read, stored, skipped });

export function syncView(status: AtsSyncStatus | null, stored: AtsStoredCounts, now: Date): AtsSyncView {
  const shown = presentSyncStatus(status, now);
  return {
    state: shown.state,
    startedAt: shown.startedAt,
    finishedAt: shown.finishedAt,
    lastCompleteAt: shown.lastCompleteAt,
    resumeAt: shown.resumeAt,
    message: shown.message,
    counts: {
      jobs: countView(shown.counts.jobs),
      candidates: countView(shown.counts.candidates),
      applications: countView(shown.counts.applications),
    },
    skippedReasons: shown.skippedReasons.map(({ resource, reason, count }) => ({ resource, reason, count })),
    notices: [...shown.notices],
    stored: { jobs: stored.jobs, candidates: stored.candidates, applications: stored.applications, placements: stored.placements },
  };
}

/** The user's sync as it stands now (status record and stored counts). */
export async function currentSyncView(deps: AtsDependencies, userId: string, now: Date): Promise<AtsSyncView> {
  const [status, stored] = await Promise.all([deps.store.getStatus(userId), deps.connections.counts(userId)]);
  return syncView(status, stored, now);
}

/** `GET /ats/connection` and the answer of every change to the connection. */
export async function connectionResponse(
  deps: AtsDependencies,
  userId: string,
  record: StoredCredentials,
  now: Date,
): Promise<AtsConnectionResponse> {
  const [meta, sync] = await Promise.all([deps.connections.getMeta(userId), currentSyncView(deps, userId, now)]);
  return { connection: connectionView(record, meta), sync, options: ATS_OPTIONS };
}

/** The ATS fields of a User record (and nothing else of it). */
export function storedCredentials(record: StoredCredentials): StoredCredentials {
  return {
    atsname: record.atsname ?? null,
    apikeytype: record.apikeytype ?? null,
    apikey1: record.apikey1 ?? null,
    apikey2: record.apikey2 ?? null,
  };
}

/** Active applications and placements per job id. */
export function applicationCounts(applications: readonly AtsApplication[]): Map<string, { active: number; placements: number }> {
  const counts = new Map<string, { active: number; placements: number }>();
  for (const application of applications) {
    const count = counts.get(application.jobId) ?? { active: 0, placements: 0 };
    if (application.status === 'active') count.active += 1;
    if (application.status === 'hired') count.placements += 1;
    counts.set(application.jobId, count);
  }
  return counts;
}

export function jobView(job: AtsJob, counts: { active: number; placements: number } | undefined): AtsJobView {
  return {
    id: job.id,
    title: job.title,
    status: job.status,
    location: job.location,
    department: job.department,
    description: job.description,
    updatedAt: job.updatedAt,
    activeApplications: counts?.active ?? 0,
    placements: counts?.placements ?? 0,
  };
}

/** Most recently updated first; jobs without a date last; then by id, so the order is stable. */
export function byMostRecentlyUpdated(a: AtsJob, b: AtsJob): number {
  const left = a.updatedAt ?? '';
  const right = b.updatedAt ?? '';
  if (left !== right) return left < right ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A synced candidate for the assistant screens. The profile is what fills their "Resume or
 * profile" field, so it reads as a resume does: the name on the first line, the current title
 * (and employer, after a "·") on the next, then the rest of the profile. The connectors' profile
 * starts with the headline instead, which the assistant took for the name line, reading the next
 * section heading ("Summary", "Resume") as the candidate's title.
 */
export function candidateView(candidate: AtsCandidate, inPipeline: boolean): AtsCandidateView {
  return {
    id: candidate.id,
    name: candidate.name,
    headline: candidate.headline,
    location: candidate.location,
    profile: resumeText(candidate),
    inPipeline,
  };
}

function resumeText(candidate: AtsCandidate): string {
  const headline = candidate.headline.trim();
  const profile = candidate.profile.trim();
  // The port's headline is "title at employer" (ats-port.ts); a resume header writes "title · employer".
  const at = headline.lastIndexOf(' at ');
  const titleLine = at > 0 ? `${headline.slice(0, at)} · ${headline.slice(at + 4)}` : headline;
  const rest = headline && profile.startsWith(headline) ? profile.slice(headline.length).trim() : profile;
  return [candidate.name.trim(), titleLine, rest].filter(Boolean).join('\n');
}
