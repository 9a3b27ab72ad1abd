import type { ActivityPageResponse } from '@contracts/activity';
import { FALLBACK_ERROR_MESSAGE } from '../../../config/constants';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { createAppRestClient, RestApiError, type RestClient, type RestDownload } from '../../../lib/rest-client';

/**
 * The firm's activity log on the REST API (lambdas/shared/contracts/activity.ts): owners and admins
 * read it page by page and export it as CSV; anyone else gets a 403. Implementations reject with a
 * {@link RestApiError}; tests pass a fake through the app's ports.
 */

/** The filters as the API takes them: instants with their offset, several actions comma-separated. */
export interface ActivityFilters {
  readonly actor?: string;
  readonly action?: string;
  readonly from?: string;
  readonly to?: string;
}

export interface ActivityApi {
  /** `GET /user/organization/activity`: a page, newest first (`cursor`: the previous page's `nextCursor`). */
  getPage(filters: ActivityFilters, cursor?: string): Promise<ActivityPageResponse>;
  /** `GET /user/organization/activity/export`: every entry within the filters as a CSV file. */
  exportCsv(filters: ActivityFilters): Promise<RestDownload>;
}

export const ACTIVITY_PATH = 'user/organization/activity';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function createRestActivityApi(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): ActivityApi {
  return {
    async getPage(filters, cursor) {
      const payload = await client.get<unknown>(ACTIVITY_PATH, { query: { ...filters, cursor } });
      // The outline only (the contract's types describe the rest): the full zod build would weigh on the page.
      if (!isObject(payload) || !Array.isArray(payload.entries) || !('nextCursor' in payload))
        throw new RestApiError(200, 'MALFORMED_RESPONSE', FALLBACK_ERROR_MESSAGE, {}, payload);
      return payload as unknown as ActivityPageResponse;
    },
    exportCsv: (filters) => client.download(`${ACTIVITY_PATH}/export`, { query: { ...filters } }),
  };
}
