/** @jest-environment ./test/support/backend-environment.js */
import { cardEntryOf } from '../../../web/src/config/card-entry';
import { productSlugOf } from '../../../web/src/config/product-slug';
import { testConfig } from '../support/config';

describe('the card entry of a deployment', () => {
  it('is Recurly.js when the config has a Recurly public key (even with a local token URL)', () => {
    expect(
      cardEntryOf(testConfig({ recurlyPublicKey: 'ewr1-abc', localBillingTokenUrl: 'http://127.0.0.1:5185/_local/billing/tokens' })),
    ).toEqual({
      kind: 'recurly',
      publicKey: 'ewr1-abc',
    });
  });

  it('is the test card form when only the local billing token URL is set', () => {
    expect(cardEntryOf(testConfig({ localBillingTokenUrl: 'http://127.0.0.1:5185/_local/billing/tokens' }))).toEqual({
      kind: 'test',
      tokenUrl: 'http://127.0.0.1:5185/_local/billing/tokens',
    });
  });

  it('is unavailable when neither is set', () => {
    expect(cardEntryOf(testConfig())).toEqual({ kind: 'unavailable' });
  });
});

describe('the product slug', () => {
  it('comes from the runtime config, talentpilot when absent', () => {
    expect(productSlugOf(testConfig({ productSlug: 'hirewise' }))).toBe('hirewise');
    expect(productSlugOf(testConfig())).toBe('talentpilot');
  });
});
