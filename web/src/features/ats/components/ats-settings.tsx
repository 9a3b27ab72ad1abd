import { useEffect, useRef, useState } from 'react';
import type { AtsConnectionResponse } from '@contracts/ats';
import { Spinner } from '../../../components/ui/spinner';
import type { AtsApi } from '../api/ats-api';
import { useAtsManagement } from '../use-ats-management';
import { useAtsSettings } from '../use-ats-settings';
import { useBullhornReturn } from '../use-bullhorn-return';
import { AtsReadOnly } from './ats-read-only';
import { ConnectForm } from './connect-form';
import { ConnectionSummary } from './connection-summary';
import { SubscriptionNote } from './subscription-note';
import { SyncPanel } from './sync-panel';
import './ats.css';

/**
 * The account page's ATS settings: the connected ATS (masked keys, test, disconnect), the form to
 * connect or change it, and the sync. Users without a live subscription (`subscribed` false, or
 * the server's 403) get a note leading to the plans instead. Focus follows each change: to the
 * connection after connecting, to the form after disconnecting. Bullhorn connects through its own
 * sign-in: Bullhorn sends the browser back here with `?code&state`, which the panel posts.
 * A firm's recruiter sees the connection and its sync read-only (owners and admins manage it).
 */
export function AtsSettings({ api, subscribed }: { readonly api: AtsApi; readonly subscribed: boolean }) {
  if (!subscribed) return <SubscriptionNote />;
  return <AtsSettingsPanel api={api} />;
}

function AtsSettingsPanel({ api }: { readonly api: AtsApi }) {
  const settings = useAtsSettings(api);
  const management = useAtsManagement();
  const { state } = settings;
  const [announcement, setAnnouncement] = useState('');
  // Bumped on each connect and disconnect: the form starts again empty for the new situation.
  const [formKey, setFormKey] = useState(0);
  const connectionHeading = useRef<HTMLHeadingElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  // The heading to focus once a change has rendered: the connection's after connecting, the form's after disconnecting.
  const focusNext = useRef<typeof connectionHeading | null>(null);

  useEffect(() => {
    const heading = focusNext.current;
    focusNext.current = null;
    heading?.current?.focus();
  });

  const connected = (data: AtsConnectionResponse) => {
    settings.apply(data);
    setFormKey((value) => value + 1);
    const view = data.connection;
    setAnnouncement(
      view
        ? `Connected to ${view.label}${view.accountName ? ` (${view.accountName})` : ''}: the connection works and your key is saved. It is shown only as ${view.apikey1}.`
        : '',
    );
    focusNext.current = connectionHeading;
  };

  const bullhorn = useBullhornReturn(api, connected, settings.requireSubscription, state.status === 'ready');

  if (bullhorn.status === 'completing') return <Spinner label="Connecting Bullhorn…" />;
  if (state.status === 'loading' || management === 'loading') return <Spinner label="Loading your ATS settings…" />;
  if (state.status === 'subscription-required') return <SubscriptionNote />;
  if (state.status === 'error')
    return (
      <div className="ats-alert" role="alert">
        <p>{state.error}</p>
        <button type="button" className="button button--secondary button--small" onClick={settings.retry}>
          Try again
        </button>
      </div>
    );

  const { connection, sync, options } = state.data;
  if (management === 'reads') return <AtsReadOnly connection={connection} sync={sync} />;
  const option = connection ? options.find((candidate) => candidate.atsname === connection.atsname) : undefined;

  const disconnected = (data: AtsConnectionResponse) => {
    settings.apply(data);
    setFormKey((value) => value + 1);
    setAnnouncement('Your ATS is disconnected and its key deleted.');
    focusNext.current = formHeading;
  };

  return (
    <div className="ats-settings">
      <p role="status" className="ats-announcement">
        {announcement}
      </p>
      {bullhorn.status === 'failed' ? (
        <div className="ats-alert" role="alert">
          <p>{bullhorn.message}</p>
        </div>
      ) : null}
      {connection ? (
        <ConnectionSummary
          api={api}
          connection={connection}
          option={option}
          headingRef={connectionHeading}
          onTested={settings.applyTest}
          onDisconnected={disconnected}
          onSubscriptionRequired={settings.requireSubscription}
        />
      ) : null}
      {connection ? (
        <SyncPanel api={api} sync={sync} onSync={settings.applySync} onSubscriptionRequired={settings.requireSubscription} />
      ) : null}
      <ConnectForm
        key={formKey}
        api={api}
        options={options}
        connection={connection}
        headingRef={formHeading}
        onConnected={connected}
        onSubscriptionRequired={settings.requireSubscription}
      />
    </div>
  );
}
