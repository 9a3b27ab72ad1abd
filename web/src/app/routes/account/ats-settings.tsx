import { AtsSettings } from '../../../features/ats/components/ats-settings';
import { useAtsApi } from '../../use-ats-api';

/**
 * The account page's "Your ATS" section, loaded after the page (its own chunk, with the ATS
 * client and its styles), so the account page stays light for the many visits that never open it.
 */
export default function AccountAtsSettings({ subscribed }: { readonly subscribed: boolean }) {
  return <AtsSettings api={useAtsApi()} subscribed={subscribed} />;
}
