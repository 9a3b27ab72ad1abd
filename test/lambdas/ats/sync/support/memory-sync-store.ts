import type { AtsApplication, AtsCandidate, AtsJob } from '../../../../../lambdas/ats/ats-port';
import {
  byId,
  distinctById,
  type AtsResource,
  type AtsSyncCheckpoint,
  type AtsSyncStatus,
  type AtsSyncStore,
} from '../../../../../lambdas/ats/sync/sync-store';

interface UserData {
  readonly jobs: Map<string, AtsJob>;
  readonly candidates: Map<string, AtsCandidate>;
  readonly applications: Map<string, AtsApplication>;
  readonly checkpoints: Map<AtsResource, AtsSyncCheckpoint>;
  status: AtsSyncStatus | null;
  lease: { owner: string; expiresAt: string } | null;
}

/**
 * The {@link AtsSyncStore} in memory, a test double for the sync engine's tests (the same contract
 * as the DynamoDB store: sync-store-contract.ts, run against both).
 * Everything is copied in and out, so a caller mutating a record cannot change what is stored.
 */
export function createMemorySyncStore(): AtsSyncStore {
  const users = new Map<string, UserData>();
  const user = (userId: string): UserData => {
    let data = users.get(userId);
    if (!data) {
      data = { jobs: new Map(), candidates: new Map(), applications: new Map(), checkpoints: new Map(), status: null, lease: null };
      users.set(userId, data);
    }
    return data;
  };
  const upsert = async <T extends { readonly id: string }>(target: Map<string, T>, records: readonly T[]) => {
    const distinct = distinctById(records);
    for (const record of distinct) target.set(record.id, structuredClone(record));
    return distinct.length;
  };
  const list = <T extends { readonly id: string }>(source: Map<string, T>): T[] =>
    [...source.values()].map((record) => structuredClone(record)).sort(byId);

  return {
    upsertJobs: async (userId, jobs) => upsert(user(userId).jobs, jobs),
    upsertCandidates: async (userId, candidates) => upsert(user(userId).candidates, candidates),
    upsertApplications: async (userId, applications) => upsert(user(userId).applications, applications),

    async getCheckpoint(userId, resource) {
      const checkpoint = users.get(userId)?.checkpoints.get(resource);
      return checkpoint ? { ...checkpoint } : null;
    },
    async saveCheckpoint(userId, resource, checkpoint) {
      user(userId).checkpoints.set(resource, { ...checkpoint });
    },

    async getStatus(userId) {
      const status = users.get(userId)?.status;
      return status ? structuredClone(status) : null;
    },
    async saveStatus(userId, status) {
      user(userId).status = structuredClone(status);
    },
    async acquireLease(userId, { owner, now, expiresAt }) {
      const data = user(userId);
      if (data.lease && data.lease.expiresAt > now) return false;
      data.lease = { owner, expiresAt };
      return true;
    },
    async releaseLease(userId, owner) {
      const data = users.get(userId);
      if (data?.lease?.owner === owner) data.lease = null;
    },

    listJobs: async (userId) => list(users.get(userId)?.jobs ?? new Map()),
    async listCandidates(userId, options = {}) {
      const data = users.get(userId);
      if (!data) return [];
      if (options.jobId === undefined) return list(data.candidates);
      const ids = new Set(
        [...data.applications.values()]
          .filter((application) => application.jobId === options.jobId)
          .map((application) => application.candidateId),
      );
      return list(data.candidates).filter((candidate) => ids.has(candidate.id));
    },
    listApplications: async (userId) => list(users.get(userId)?.applications ?? new Map()),
    async deleteAll(userId) {
      const lease = users.get(userId)?.lease ?? null;
      users.delete(userId);
      // The lease is not data: a sync that holds it keeps it.
      if (lease) user(userId).lease = lease;
    },
  };
}
