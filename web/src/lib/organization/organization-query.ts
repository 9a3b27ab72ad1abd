import { queryOptions } from '@tanstack/react-query';
import type { OrganizationResponse } from '@contracts/organization';
import type { RuntimeConfig } from '../../config/runtime-config';
import { createAppRestClient, RestApiError, type RestClient } from '../rest-client';

/**
 * The caller's firm (issue 18) as server state: `GET /user/organization`, or null when they are
 * in no firm yet (404 `organization_not_found`, e.g. someone invited who has not joined). Shared
 * by the Team page and the account menu's firm name, which read the same cache entry.
 */
export interface OrganizationReader {
  getOrganization(): Promise<OrganizationResponse | null>;
}

export const ORGANIZATION_PATH = 'user/organization';

export function createRestOrganizationReader(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): OrganizationReader {
  return {
    async getOrganization() {
      try {
        return await client.get<OrganizationResponse>(ORGANIZATION_PATH);
      } catch (error) {
        if (error instanceof RestApiError && error.status === 404 && error.code === 'organization_not_found') return null;
        throw error;
      }
    },
  };
}

/** The cache key of the caller's firm; the team's changes write their answer here. */
export const ORGANIZATION_KEY = ['organization'] as const;

export function organizationQuery(reader: OrganizationReader) {
  return queryOptions({ queryKey: ORGANIZATION_KEY, queryFn: () => reader.getOrganization() });
}
