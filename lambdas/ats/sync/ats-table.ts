import type { TableDefinition } from '../../../lib/definitions/tables';
import type { AtsResource } from './sync-store';

/**
 * The ATS data table as `lib/definitions/tables.ts` will describe it (the lead adds it there as
 * `TABLES.ats`; until then tests create it from this constant). One partition per user (pk = the
 * Cognito sub, so nothing of one user is reachable under another's key); the sort key says what
 * an item is: `job#<atsId>`, `candidate#<atsId>`, `application#<atsId>`, `checkpoint#<resource>`
 * and `sync#status` (the status record, which also carries the sync lease).
 */
export const ATS_TABLE_DEFINITION = {
  constructId: 'AtsTable',
  envVar: 'ATS_TABLE',
  partitionKey: { name: 'userId', type: 'S' },
  sortKey: { name: 'itemId', type: 'S' },
  globalIndexes: [],
} as const satisfies TableDefinition;

export const ATS_ITEM_PREFIX = {
  job: 'job#',
  candidate: 'candidate#',
  application: 'application#',
  checkpoint: 'checkpoint#',
} as const;

/** The sort key of the user's status record. */
export const ATS_STATUS_ITEM_ID = 'sync#status';

export const jobItemId = (atsId: string) => `${ATS_ITEM_PREFIX.job}${atsId}`;
export const candidateItemId = (atsId: string) => `${ATS_ITEM_PREFIX.candidate}${atsId}`;
export const applicationItemId = (atsId: string) => `${ATS_ITEM_PREFIX.application}${atsId}`;
export const checkpointItemId = (resource: AtsResource) => `${ATS_ITEM_PREFIX.checkpoint}${resource}`;
