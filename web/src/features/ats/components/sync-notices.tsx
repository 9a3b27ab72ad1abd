import { useId } from 'react';
import type { AtsSyncView } from '@contracts/ats';

/**
 * The features the sync had to do without, in the server's words for the recruiter (an optional
 * part of the ATS the API key may not read: "Lever did not let this API key read archive
 * reasons, …"), as a list labelled by a plain heading; nothing when it had everything.
 */
export function SyncNotices({ sync }: { readonly sync: Pick<AtsSyncView, 'notices'> }) {
  const leadId = useId();
  if (sync.notices.length === 0) return null;
  return (
    <div className="ats-notice">
      <p id={leadId}>Some features are limited:</p>
      <ul aria-labelledby={leadId}>
        {sync.notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
    </div>
  );
}
