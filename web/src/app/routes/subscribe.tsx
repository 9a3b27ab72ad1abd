import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { createRestBillingApi } from '../../features/subscriptions/api/billing-api';
import { SubscribeView } from '../../features/subscriptions/components/subscribe-view';
import { returnPathFrom } from '../../lib/auth/return-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePortOverrides } from '../ports';
import { useCardEntry } from '../use-card-entry';

/**
 * Subscribe (guarded): choose a plan and a currency, enter a card, confirm; or change the plan of
 * the live subscription. The subscription gate sends users here with the page they wanted.
 */
export default function SubscribePage() {
  useDocumentTitle('Subscribe');
  const config = useRuntimeConfig();
  const { billing } = usePortOverrides();
  const api = useMemo(() => billing ?? createRestBillingApi(config), [billing, config]);
  const { cardEntry, testCardTokens: tokens } = useCardEntry();
  const from = returnPathFrom(useLocation().state);
  return (
    <div className="container page">
      <SubscribeView api={api} cardEntry={cardEntry} testCardTokens={tokens} from={from} />
    </div>
  );
}
