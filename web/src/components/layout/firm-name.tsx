import { useQuery } from '@tanstack/react-query';
import { organizationQuery, type OrganizationReader } from '../../lib/organization/organization-query';
import { useOrganizationReader } from '../../lib/organization/use-organization-reader';
import { ServerStateProvider } from '../../lib/server-state/server-state-provider';

/**
 * The signed-in person's firm name (issue 18) for the account menu, from the same cache entry the
 * Team page reads (`GET /user/organization`): its own chunk, loaded with the signed-in menu only.
 * Nothing shows while it loads, when they are in no firm, or when it cannot be read.
 */
export default function FirmName() {
  const reader = useOrganizationReader();
  if (!reader) return null;
  return (
    <ServerStateProvider>
      <Name reader={reader} />
    </ServerStateProvider>
  );
}

function Name({ reader }: { readonly reader: OrganizationReader }) {
  const { data } = useQuery(organizationQuery(reader));
  if (!data) return null;
  return <span className="account-menu__firm">· {data.organization.name}</span>;
}
