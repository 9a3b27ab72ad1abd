import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { CardEntry } from '../../../config/card-entry';
import type { TestCardTokenizer } from '../api/test-card-tokenizer';
import { THREE_D_SECURE_MESSAGES, ThreeDSecureFailedError } from '../three-d-secure';

const RecurlyThreeDSecure = lazy(() => import('./recurly-three-d-secure'));

/** How a challenge reports back: the result token, or why there is none. */
export interface ThreeDSecureOutcome {
  readonly onAuthenticated: (resultTokenId: string) => void;
  readonly onFailed: (message: string) => void;
}

export interface ThreeDSecureChallengeProps extends ThreeDSecureOutcome {
  readonly entry: CardEntry;
  readonly testCardTokens: TestCardTokenizer | undefined;
  /** From the API's 402 `three_d_secure_required`. */
  readonly actionTokenId: string;
}

/**
 * The bank's check of a payment (3-D Secure), inside the checkout: a heading that takes focus,
 * why it is there, the challenge itself (Recurly.js's component in AWS, the test challenge
 * locally) and a way to give up. It ends with `onAuthenticated` (the checkout then repeats the
 * request with the result token) or `onFailed` (the message shows by the card fields).
 */
export function ThreeDSecureChallenge({ entry, testCardTokens, actionTokenId, onAuthenticated, onFailed }: ThreeDSecureChallengeProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  let challenge;
  if (entry.kind === 'recurly')
    challenge = (
      <Suspense fallback={<Spinner label="Loading your bank’s check…" />}>
        <RecurlyThreeDSecure
          publicKey={entry.publicKey}
          actionTokenId={actionTokenId}
          onAuthenticated={onAuthenticated}
          onFailed={onFailed}
        />
      </Suspense>
    );
  else if (testCardTokens)
    challenge = (
      <TestThreeDSecure tokens={testCardTokens} actionTokenId={actionTokenId} onAuthenticated={onAuthenticated} onFailed={onFailed} />
    );
  else challenge = <p role="alert">{THREE_D_SECURE_MESSAGES.unavailable}</p>;

  return (
    <section className="three-d-secure" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Confirm the payment with your bank
      </h3>
      <p>Your bank wants to make sure it is you (3-D Secure). Nothing is charged until you complete its check.</p>
      {challenge}
      <button type="button" className="button button--secondary" onClick={() => onFailed(THREE_D_SECURE_MESSAGES.abandoned)}>
        Cancel
      </button>
    </section>
  );
}

/**
 * The local runtime's stand-in for the bank's challenge page: clearly a test, one button per
 * outcome, answered by the local billing (`completeThreeDSecure`).
 */
function TestThreeDSecure({
  tokens,
  actionTokenId,
  onAuthenticated,
  onFailed,
}: ThreeDSecureOutcome & { readonly tokens: TestCardTokenizer; readonly actionTokenId: string }) {
  const [busy, setBusy] = useState(false);
  const answer = async (outcome: 'authenticate' | 'fail') => {
    setBusy(true);
    try {
      onAuthenticated(await tokens.completeThreeDSecure(actionTokenId, outcome));
    } catch (error) {
      setBusy(false);
      onFailed(error instanceof ThreeDSecureFailedError ? error.message : THREE_D_SECURE_MESSAGES.failed);
    }
  };
  return (
    <div className="three-d-secure__test" aria-busy={busy || undefined}>
      <p className="card-entry__note">
        <strong>Test 3-D Secure check — local billing.</strong> In production your bank shows its own check here.
      </p>
      <div className="form__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void answer('authenticate')}>
          Complete authentication
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void answer('fail')}>
          Fail authentication
        </button>
      </div>
    </div>
  );
}
