import { useQuery } from '@tanstack/react-query';
import { mayPerform } from '@shared-domain/organization-rules';
import { organizationQuery, type OrganizationReader } from '../../lib/organization/organization-query';
import { useOrganizationReader } from '../../lib/organization/use-organization-reader';

/** Never asked: the query is off without a reader. */
const NO_READER: OrganizationReader = { getOrganization: () => Promise.resolve(null) };

/**
 * Whether the caller may change the firm's ATS connection (issue 18): its owners and admins
 * (organization-rules `manageAts`) and a person in no firm (the connection is theirs alone) do;
 * a recruiter only reads it. Known from the caller's firm as the account menu and the Team page
 * read it (`GET /user/organization`, one cache entry). When the firm cannot be read, the controls
 * show and the server decides (it refuses a recruiter with 403 `ats_managers_only`).
 */
export function useAtsManagement(): 'loading' | 'manages' | 'reads' {
  const reader = useOrganizationReader();
  const firm = useQuery({ ...organizationQuery(reader ?? NO_READER), enabled: reader !== null });
  if (reader === null || firm.isError) return 'manages';
  if (firm.isPending) return 'loading';
  return firm.data === null || mayPerform(firm.data.role, 'manageAts') ? 'manages' : 'reads';
}
