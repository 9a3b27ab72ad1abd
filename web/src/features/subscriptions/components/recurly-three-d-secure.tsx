import { useEffect, useRef, useState } from 'react';
import { loadRecurlyJs, type RecurlyThreeDSecure as ThreeDSecureComponent } from '../api/recurly-js';
import { THREE_D_SECURE_MESSAGES } from '../three-d-secure';
import type { ThreeDSecureOutcome } from './three-d-secure-challenge';

/**
 * The 3-D Secure challenge in AWS: Recurly.js's `recurly.Risk().ThreeDSecure({ actionTokenId })`
 * attached to a container of ours, where the bank's check appears. Its `token` event gives the
 * result token; its `error` event (a failed or impossible check) ends the attempt. Recurly's
 * "3D Secure" page says `attach()` must run in a user-initiated event (a click), or browsers block
 * the bank's pop-up or frame: the component is prepared when the 402 arrives and attached when the
 * subscriber presses "Start the check".
 */
export default function RecurlyThreeDSecure({
  publicKey,
  actionTokenId,
  onAuthenticated,
  onFailed,
}: ThreeDSecureOutcome & { readonly publicKey: string; readonly actionTokenId: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [component, setComponent] = useState<ThreeDSecureComponent>();
  const [started, setStarted] = useState(false);
  // The latest callbacks, so the effect runs once per action token.
  const report = useRef({ onAuthenticated, onFailed });
  useEffect(() => {
    report.current = { onAuthenticated, onFailed };
  });

  useEffect(() => {
    let active = true;
    let prepared: ThreeDSecureComponent | undefined;
    loadRecurlyJs(publicKey)
      .then((recurly) => {
        if (!active) return;
        prepared = recurly.Risk().ThreeDSecure({ actionTokenId });
        prepared.on('token', (token) => active && report.current.onAuthenticated(token.id));
        prepared.on('error', (error) => {
          console.error(error);
          if (active) report.current.onFailed(THREE_D_SECURE_MESSAGES.failed);
        });
        setComponent(prepared);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (active) report.current.onFailed(THREE_D_SECURE_MESSAGES.unavailable);
      });
    return () => {
      active = false;
      prepared?.remove?.();
    };
  }, [publicKey, actionTokenId]);

  const start = () => {
    if (!component || !container.current) return;
    setStarted(true);
    component.attach(container.current);
  };

  return (
    <>
      {!started && (
        <button type="button" className="button" onClick={start} disabled={!component}>
          Start the check
        </button>
      )}
      <div ref={container} className="three-d-secure__frame" />
    </>
  );
}
