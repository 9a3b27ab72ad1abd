import type { RuntimeConfig } from './runtime-config';

/**
 * How the subscribe page takes a card, from the runtime config:
 * - `recurly`: Recurly.js Elements (AWS; `recurlyPublicKey` set). Card data goes from the
 *   browser to Recurly only; our API receives the token.
 * - `test`: the local runtime's clearly labelled test card form (`localBillingTokenUrl` set),
 *   which exchanges test card numbers for a token at the local billing adapter.
 * - `unavailable`: neither is configured; nobody can subscribe on this deployment.
 * A Recurly key wins when both are present.
 */
export type CardEntry =
  | { readonly kind: 'recurly'; readonly publicKey: string }
  | { readonly kind: 'test'; readonly tokenUrl: string }
  | { readonly kind: 'unavailable' };

export function cardEntryOf({ recurlyPublicKey, localBillingTokenUrl }: RuntimeConfig): CardEntry {
  if (recurlyPublicKey) return { kind: 'recurly', publicKey: recurlyPublicKey };
  if (localBillingTokenUrl) return { kind: 'test', tokenUrl: localBillingTokenUrl };
  return { kind: 'unavailable' };
}
