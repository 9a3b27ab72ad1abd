import { TABLES } from '../../../lib/definitions/tables';
import type { AtsResource } from '../sync/sync-store';

/** The ATS data table (`TABLES.ats` in lib/definitions/tables.ts describes its items). */
export const ATS_TABLE_DEFINITION = TABLES.ats;

export const ATS_ITEM_PREFIX = {
  job: 'job#',
  candidate: 'candidate#',
  application: 'application#',
  checkpoint: 'checkpoint#',
} as const;

/** The sort key of the connection's details (account name, when connected and tested). */
export const ATS_CONNECTION_ITEM_ID = 'connection#meta';

/** The sort key of the user's status record. */
export const ATS_STATUS_ITEM_ID = 'sync#status';

export const jobItemId = (atsId: string) => `${ATS_ITEM_PREFIX.job}${atsId}`;
export const candidateItemId = (atsId: string) => `${ATS_ITEM_PREFIX.candidate}${atsId}`;
export const applicationItemId = (atsId: string) => `${ATS_ITEM_PREFIX.application}${atsId}`;
export const checkpointItemId = (resource: AtsResource) => `${ATS_ITEM_PREFIX.checkpoint}${resource}`;
