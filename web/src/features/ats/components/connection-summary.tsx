import { useId, useState, type Ref } from 'react';
import type { AtsConnectionResponse, AtsConnectionView, AtsOption, AtsTestResponse } from '@contracts/ats';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useRuntimeConfig } from '../../../config/config-context';
import { readableMessage } from '../../../lib/notify';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { isSubscriptionRequired, type AtsApi } from '../api/ats-api';
import { formatWhen } from '../format';
import { AtsFacts } from './ats-facts';

type TestOutcome = { readonly ok: boolean; readonly message: string };

/**
 * The connection's facts: the ATS, its account, when it was connected and last tested and, unless
 * `keys` is false (a recruiter's read-only view), the keys as the server masks them.
 */
export function connectionFacts(connection: AtsConnectionView, option: AtsOption | undefined, keys = true): [string, string][] {
  const facts: [string, string][] = [
    ['ATS', connection.label],
    ['Account', connection.accountName ?? 'Not given by the ATS'],
  ];
  if (keys) {
    facts.push([option?.keyLabel ?? 'API key', connection.apikey1]);
    if (connection.apikey2 !== null) facts.push([option?.secondLabel ?? 'Second credential', connection.apikey2]);
  }
  facts.push(['Connected', connection.connectedAt ? formatWhen(connection.connectedAt) : 'Not recorded']);
  facts.push(['Last tested', connection.lastTestedAt ? formatWhen(connection.lastTestedAt) : 'Not tested yet']);
  return facts;
}

/**
 * The connected ATS: its account, the keys as the server masks them, when it was connected and
 * last tested; "Test connection" tries it with a harmless read, "Disconnect" forgets it after a
 * confirmation.
 */
export function ConnectionSummary({
  api,
  connection,
  option,
  headingRef,
  onTested,
  onDisconnected,
  onSubscriptionRequired,
}: {
  readonly api: Pick<AtsApi, 'testConnection' | 'disconnect'>;
  readonly connection: AtsConnectionView;
  readonly option: AtsOption | undefined;
  readonly headingRef?: Ref<HTMLHeadingElement>;
  readonly onTested: (test: AtsTestResponse) => void;
  readonly onDisconnected: (data: AtsConnectionResponse) => void;
  readonly onSubscriptionRequired: () => void;
}) {
  const { productName } = useRuntimeConfig();
  const headingId = useId();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const [disconnectError, setDisconnectError] = useState<string | null>(null);
  const rememberFocus = useFocusReturn(testing);

  const test = () => {
    if (testing) return;
    rememberFocus();
    setTesting(true);
    setOutcome(null);
    api
      .testConnection()
      .then((answer) => {
        onTested(answer);
        setOutcome({ ok: answer.ok, message: answer.message });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (isSubscriptionRequired(error)) return onSubscriptionRequired();
        setOutcome({ ok: false, message: readableMessage(error, 'The connection could not be tested. Please try again.') });
      })
      .finally(() => setTesting(false));
  };

  const disconnect = () => {
    if (disconnecting) return;
    setDisconnecting(true);
    setDisconnectError(null);
    api
      .disconnect()
      .then((data) => {
        setConfirming(false);
        onDisconnected(data);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (isSubscriptionRequired(error)) return onSubscriptionRequired();
        setDisconnectError(readableMessage(error, 'Your ATS could not be disconnected. Please try again.'));
      })
      .finally(() => setDisconnecting(false));
  };

  const facts = connectionFacts(connection, option);

  return (
    <section className="ats-block" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="ats-block__heading">
        Connected ATS
      </h3>
      <AtsFacts facts={facts} />
      <div className="ats-actions">
        <button type="button" className="button button--secondary" disabled={testing} onClick={test}>
          {testing ? 'Testing…' : 'Test connection'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDisconnectError(null);
            setConfirming(true);
          }}
        >
          Disconnect
        </button>
      </div>
      <div role="status" className={outcome?.ok ? 'ats-outcome ats-outcome--ok' : undefined}>
        {outcome?.ok ? <p>{outcome.message}</p> : null}
      </div>
      {outcome && !outcome.ok ? (
        <div role="alert" className="ats-alert">
          <p>{outcome.message}</p>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Disconnect your ATS?"
          confirmLabel="Disconnect"
          busyLabel="Disconnecting…"
          cancelLabel="Keep connected"
          busy={disconnecting}
          onConfirm={disconnect}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {productName} stops reading from {connection.label} and deletes the saved key. Nothing in {connection.label} changes. You can
            connect again at any time.
          </p>
          {disconnectError ? (
            <p role="alert" className="ats-alert">
              {disconnectError}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
