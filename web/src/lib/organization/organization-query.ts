import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OrganizationResponse, OrganizationSummary } from '@contracts/organization';
import type { RuntimeConfig } from '../../config/runtime-config';
import { createAppRestClient, RestApiError, type RestClient } from '../rest-client';

/**
 * The caller's firm (issue 18) as server state, in the two views of `GET /user/organization`:
 * the Team page's full team (`getOrganization`), and the summary every page's account menu and the
 * ATS settings' role check read (`getOrganizationSummary`: the firm's id and name and the caller's
 * role, a few reads on the server whatever the firm's size). Either is null when they are in no
 * firm yet (404 `organization_not_found`, e.g. someone invited who has not joined).
 */
export interface OrganizationReader {
  getOrganization(): Promise<OrganizationResponse | null>;
  getOrganizationSummary(): Promise<OrganizationSummary | null>;
}

export const ORGANIZATION_PATH = 'user/organization';

export function createRestOrganizationReader(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): OrganizationReader {
  async function read<T>(query: Record<string, string>): Promise<T | null> {
    try {
      return await client.get<T>(ORGANIZATION_PATH, { query });
    } catch (error) {
      if (error instanceof RestApiError && error.status === 404 && error.code === 'organization_not_found') return null;
      throw error;
    }
  }
  return {
    getOrganization: () => read<OrganizationResponse>({}),
    getOrganizationSummary: () => read<OrganizationSummary>({ view: 'summary' }),
  };
}

/** The cache keys of the caller's firm: one per view, so neither entry ever holds the other's shape. */
export const organizationKeys = {
  team: ['organization', 'team'] as const,
  summary: ['organization', 'summary'] as const,
};

export function organizationQuery(reader: OrganizationReader) {
  return queryOptions({ queryKey: organizationKeys.team, queryFn: () => reader.getOrganization() });
}

export function organizationSummaryQuery(reader: OrganizationReader) {
  return queryOptions({ queryKey: organizationKeys.summary, queryFn: () => reader.getOrganizationSummary() });
}

/**
 * A team change's answer (the team as it is now) becomes both cached views at once: the Team page
 * and the menu and role check show it without asking again (a transfer changes the caller's role).
 */
export function cacheTeam(queryClient: QueryClient, team: OrganizationResponse): void {
  queryClient.setQueryData<OrganizationResponse | null>(organizationKeys.team, team);
  const summary: OrganizationSummary = { organization: { id: team.organization.id, name: team.organization.name }, role: team.role };
  queryClient.setQueryData<OrganizationSummary | null>(organizationKeys.summary, summary);
}
