import { useMemo } from 'react';
import { useRuntimeConfig } from '../../config/config-context';
import { createRestAdminApi } from '../../features/admin/api/admin-api';
import { AdminConsole } from '../../features/admin/components/admin-console';
import { NotAllowed, NOT_ALLOWED_TITLE } from '../../features/admin/components/console-parts';
import { isAdmin, useAuth } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';

/**
 * The admin console (guarded): for members of Admins; anyone else reads that it is not for them.
 * The token's groups only decide what is shown: every call is checked on the server.
 */
export default function AdminPage() {
  const { authUser } = useAuth();
  const admin = isAdmin(authUser);
  useDocumentTitle(admin ? 'Admin console' : NOT_ALLOWED_TITLE);
  const config = useRuntimeConfig();
  const { admin: fake } = usePortOverrides();
  const api = useMemo(() => fake ?? createRestAdminApi(config), [fake, config]);
  if (!admin || !authUser) return <NotAllowed />;
  return <AdminConsole api={api} selfId={authUser.userId} />;
}
