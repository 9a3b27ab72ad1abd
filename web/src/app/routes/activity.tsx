import { useMemo } from 'react';
import { useRuntimeConfig } from '../../config/config-context';
import { createRestActivityApi } from '../../features/activity/api/activity-api';
import { ActivityLog } from '../../features/activity/components/activity-log';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';

/** The firm's activity log (guarded): owners and admins read it; the server refuses anyone else, and the page says why. */
export default function ActivityPage() {
  useDocumentTitle('Activity');
  const config = useRuntimeConfig();
  const { activity: fake } = usePortOverrides();
  const api = useMemo(() => fake ?? createRestActivityApi(config), [fake, config]);
  return <ActivityLog api={api} />;
}
