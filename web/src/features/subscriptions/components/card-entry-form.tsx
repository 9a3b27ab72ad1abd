import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { CardEntry } from '../../../config/card-entry';
import type { TestCardTokenizer } from '../api/test-card-tokenizer';
import type { CardFormProps } from './card-form';
import { TestCardForm } from './test-card-form';

const RecurlyCardForm = lazy(() => import('./recurly-card-form'));

export const CARD_ENTRY_UNAVAILABLE_MESSAGE =
  'Card payments are not available on this site right now, so new subscriptions cannot start. Please contact us.';

/** The card form this deployment uses (see config/card-entry.ts). */
export function CardEntryForm({
  entry,
  testCardTokens,
  ...props
}: CardFormProps & { readonly entry: CardEntry; readonly testCardTokens: TestCardTokenizer | undefined }) {
  if (entry.kind === 'recurly')
    return (
      <Suspense fallback={<Spinner label="Loading the secure card form…" />}>
        <RecurlyCardForm {...props} publicKey={entry.publicKey} />
      </Suspense>
    );
  if (entry.kind === 'test' && testCardTokens) return <TestCardForm {...props} tokens={testCardTokens} />;
  return (
    <p className="notice notice--warn" role="alert">
      {CARD_ENTRY_UNAVAILABLE_MESSAGE}
    </p>
  );
}

/**
 * Why the card was refused (declined, expired or invalid details), right under the card fields:
 * announced when it appears (`role="alert"`) and named by the fields' `aria-describedby`, so it
 * stays readable after a toast would have gone.
 */
export function CardProblem({ id, message }: { readonly id: string; readonly message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field__error card-problem" id={id} role="alert">
      {message}
    </p>
  );
}
