import { useMemo } from 'react';
import { cardEntryOf, type CardEntry } from '../config/card-entry';
import { useRuntimeConfig } from '../config/config-context';
import { createTestCardTokenizer, type TestCardTokenizer } from '../features/subscriptions/api/test-card-tokenizer';
import { usePortOverrides } from './ports';

/**
 * The card form of this deployment (Recurly.js, the local test card form, or none) and, for the
 * test form, its tokenizer (or the tests' fake): what the checkout and the card update take.
 */
export function useCardEntry(): { readonly cardEntry: CardEntry; readonly testCardTokens: TestCardTokenizer | undefined } {
  const config = useRuntimeConfig();
  const { testCardTokens } = usePortOverrides();
  const cardEntry = useMemo(() => cardEntryOf(config), [config]);
  const tokens = useMemo(
    () => testCardTokens ?? (cardEntry.kind === 'test' ? createTestCardTokenizer(cardEntry.tokenUrl) : undefined),
    [testCardTokens, cardEntry],
  );
  return { cardEntry, testCardTokens: tokens };
}
