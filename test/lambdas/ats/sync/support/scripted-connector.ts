import type {
  AtsApplication,
  AtsCandidate,
  AtsConnector,
  AtsJob,
  AtsListOptions,
  AtsName,
  AtsPage,
  AtsSkippedRecords,
} from '../../../../../lambdas/ats/ats-port';

/** What the scripted ATS holds; tests change it between syncs to play edits in the ATS. */
export interface ScriptedAtsData {
  jobs: AtsJob[];
  candidates: AtsCandidate[];
  applications: AtsApplication[];
}

export type ScriptedMethod = 'testConnection' | 'listJobs' | 'listCandidates' | 'listApplications';

export interface ScriptedCall {
  readonly method: ScriptedMethod;
  readonly cursor: string | null;
  readonly updatedSince: string | null;
}

export interface ScriptedConnectorOptions {
  readonly data: ScriptedAtsData;
  /** Records per page. */
  readonly pageSize: number;
  readonly name?: AtsName;
  /** Called before each answer (with the call's index, from 0): an error to reject it with, if any. */
  readonly fail?: (call: ScriptedCall, index: number) => Error | undefined;
  /** Awaited before each answer: lets a test hold a call open. */
  readonly gate?: (call: ScriptedCall, index: number) => Promise<void>;
  /** What each answered page reports as skipped (records the connector could not read), if anything. */
  readonly skipped?: (call: ScriptedCall, index: number) => readonly AtsSkippedRecords[] | undefined;
  /** What each answered page reports as features it had to do without (`AtsPage.notices`), if anything. */
  readonly notices?: (call: ScriptedCall, index: number) => readonly string[] | undefined;
}

const RESOURCE_OF = { listJobs: 'jobs', listCandidates: 'candidates', listApplications: 'applications' } as const;
const MEMBERS = new Set<PropertyKey>(['name', 'testConnection', 'listJobs', 'listCandidates', 'listApplications']);

/**
 * An in-memory {@link AtsConnector} answering from arrays: pages of `pageSize` records behind an
 * opaque cursor, only records updated at or after `updatedSince` when asked (records without a
 * time always), failures, skipped records and notices injectable per call. It records every
 * call, and every member anyone touched on it (`touched`), so a test can prove the sync only ever
 * lists.
 */
export function createScriptedConnector({ data, pageSize, name = 'greenhouse', fail, gate, skipped, notices }: ScriptedConnectorOptions) {
  const calls: ScriptedCall[] = [];
  const touched = new Set<PropertyKey>();

  const answer = async (method: ScriptedMethod, options: AtsListOptions | null) => {
    const call: ScriptedCall = { method, cursor: options?.cursor ?? null, updatedSince: options?.updatedSince ?? null };
    const index = calls.push(call) - 1;
    await gate?.(call, index);
    const error = fail?.(call, index);
    if (error) throw error;
    return { skipped: skipped?.(call, index), notices: notices?.(call, index) };
  };

  const page = async <T extends { readonly updatedAt: string | null }>(
    method: keyof typeof RESOURCE_OF,
    options: AtsListOptions,
  ): Promise<AtsPage<T>> => {
    const reported = await answer(method, options);
    const resource = RESOURCE_OF[method];
    const all = (data[resource] as unknown as T[]).filter(
      (record) => options.updatedSince === null || record.updatedAt === null || record.updatedAt >= options.updatedSince!,
    );
    const offset = options.cursor === null ? 0 : Number(/^offset:(\d+)$/.exec(options.cursor)?.[1] ?? Number.NaN);
    if (!Number.isInteger(offset)) throw new Error(`The scripted ATS never handed out the cursor ${options.cursor}.`);
    const items = all.slice(offset, offset + pageSize).map((record) => structuredClone(record));
    const nextCursor = offset + pageSize < all.length ? `offset:${offset + pageSize}` : null;
    return {
      items,
      nextCursor,
      ...(reported.skipped ? { skipped: reported.skipped } : {}),
      ...(reported.notices ? { notices: reported.notices } : {}),
    };
  };

  const target: AtsConnector = {
    name,
    testConnection: async () => {
      await answer('testConnection', null);
      return { accountName: 'Scripted Staffing' };
    },
    listJobs: (options) => page<AtsJob>('listJobs', options),
    listCandidates: (options) => page<AtsCandidate>('listCandidates', options),
    listApplications: (options) => page<AtsApplication>('listApplications', options),
  };
  const connector = new Proxy(target, {
    get(object, property, receiver) {
      touched.add(property);
      return Reflect.get(object, property, receiver);
    },
  });

  return {
    connector,
    calls,
    /** Members touched that are not the port's read-only ones (empty when the sync only listed). */
    foreignMembers: () => [...touched].filter((member) => !MEMBERS.has(member)),
  };
}

/** A small ATS: `jobs` jobs, `candidates` candidates and `applications` applications linking them. */
export function scriptedData(
  sizes: { jobs: number; candidates: number; applications: number },
  updatedAt = '2026-02-01T00:00:00.000Z',
): ScriptedAtsData {
  const pad = (index: number) => String(index).padStart(3, '0');
  return {
    jobs: Array.from({ length: sizes.jobs }, (_, index) => ({
      id: `j${pad(index)}`,
      title: `Job ${index}`,
      status: 'open',
      location: 'Chicago, IL',
      department: 'Engineering',
      description: `Posting ${index}`,
      createdAt: updatedAt,
      updatedAt,
    })),
    candidates: Array.from({ length: sizes.candidates }, (_, index) => ({
      id: `c${pad(index)}`,
      name: `Candidate ${index}`,
      headline: '',
      location: 'Remote',
      profile: `Profile ${index}`,
      createdAt: updatedAt,
      updatedAt,
    })),
    applications: Array.from({ length: sizes.applications }, (_, index) => ({
      id: `a${pad(index)}`,
      candidateId: `c${pad(index % Math.max(1, sizes.candidates))}`,
      jobId: `j${pad(index % Math.max(1, sizes.jobs))}`,
      status: index % 4 === 0 ? 'hired' : 'active',
      stage: 'Applied',
      appliedAt: updatedAt,
      closedAt: null,
      updatedAt,
    })),
  };
}
