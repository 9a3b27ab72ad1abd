import { useEffect, useRef } from 'react';
import { loadRecurlyJs } from '../api/recurly-js';
import { THREE_D_SECURE_MESSAGES } from '../three-d-secure';
import type { ThreeDSecureOutcome } from './three-d-secure-challenge';

/**
 * The 3-D Secure challenge in AWS: Recurly.js's `recurly.Risk().ThreeDSecure({ actionTokenId })`
 * attached to a container of ours, where the bank's check appears. Its `token` event gives the
 * result token; its `error` event (a failed or impossible check) ends the attempt.
 */
export default function RecurlyThreeDSecure({
  publicKey,
  actionTokenId,
  onAuthenticated,
  onFailed,
}: ThreeDSecureOutcome & { readonly publicKey: string; readonly actionTokenId: string }) {
  const container = useRef<HTMLDivElement>(null);
  // The latest callbacks, so the effect runs once per action token.
  const report = useRef({ onAuthenticated, onFailed });
  useEffect(() => {
    report.current = { onAuthenticated, onFailed };
  });

  useEffect(() => {
    let active = true;
    let remove: (() => void) | undefined;
    loadRecurlyJs(publicKey)
      .then((recurly) => {
        if (!active || !container.current) return;
        const threeDSecure = recurly.Risk().ThreeDSecure({ actionTokenId });
        threeDSecure.on('token', (token) => active && report.current.onAuthenticated(token.id));
        threeDSecure.on('error', (error) => {
          console.error(error);
          if (active) report.current.onFailed(THREE_D_SECURE_MESSAGES.failed);
        });
        threeDSecure.attach(container.current);
        remove = () => threeDSecure.remove?.();
      })
      .catch((error: unknown) => {
        console.error(error);
        if (active) report.current.onFailed(THREE_D_SECURE_MESSAGES.unavailable);
      });
    return () => {
      active = false;
      remove?.();
    };
  }, [publicKey, actionTokenId]);

  return <div ref={container} className="three-d-secure__frame" />;
}
