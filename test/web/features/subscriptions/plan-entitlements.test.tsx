import { screen, within } from '@testing-library/react';
import {
  FEATURE_FIRST_TIER,
  FEATURE_NAMES,
  PLAN_FEATURES,
  PLAN_NAMES,
  planIncludes,
  planUpgradeMessage,
} from '@shared-domain/plan-entitlements';
import { PLAN_TIERS } from '@shared-domain/plans';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { FakeBilling, testSubscription } from '../../support/billing';
import { renderApp } from '../../support/render';

/**
 * The web's copy says what the server enforces: both read lambdas/shared/domain/plan-entitlements.ts,
 * and these tests read the pages against that module (the handler tests read the server against it).
 */

afterEach(() => jest.restoreAllMocks());

function signedInOn(tier: (typeof PLAN_TIERS)[number]) {
  const billing = new FakeBilling();
  billing.subscriptions = [
    testSubscription({ planCode: `${tier}_2weeksfree_monthly_onetimesetup_dev`, planName: `${PLAN_NAMES[tier]} — two weeks free` }),
  ];
  return { session: new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session(), billing: billing.api() };
}

/** The items a plan card lists as included. */
function listedFeatures(card: HTMLElement): string[] {
  return within(within(card).getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('what each plan includes, as the pages say it', () => {
  it('lists on /products, for visitors, each plan’s features exactly as the server’s rule, with prices in the spec’s symbols', async () => {
    const session = new FakeIdentity({ users: [] }).session();
    const { user } = renderApp('/products', { ports: { session } });
    const plans = await screen.findByRole('region', { name: 'Plans' });
    const cards = await within(plans).findAllByRole('listitem', { name: undefined });
    const planCards = cards.filter((card) => card.classList.contains('plan-card'));

    expect(planCards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Starter', 'Professional', 'Enterprise']);
    planCards.forEach((card, index) => {
      const tier = PLAN_TIERS[index];
      expect(listedFeatures(card)).toEqual(PLAN_FEATURES.filter((feature) => planIncludes(tier, feature)).map((f) => FEATURE_NAMES[f]));
    });
    expect(planCards[1]).toHaveTextContent('$149 / month after a 14-day free trial · $199 one-time setup fee');

    await user.selectOptions(within(plans).getByLabelText('Currency'), 'EUR');
    expect(planCards[0]).toHaveTextContent('€45 / month');
  });

  it('says Could not get plans on /products when the plans cannot be loaded', async () => {
    const billing = new FakeBilling();
    billing.plans = [];
    renderApp('/products', { ports: { session: new FakeIdentity({ users: [] }).session(), billing: billing.api() } });
    expect(await screen.findByText('Could not get plans')).toBeInTheDocument();
  });

  it('lists on /subscribe the same features on each plan card', async () => {
    renderApp('/subscribe', { ports: signedInOn('starter') });
    await screen.findByRole('button', { name: 'Choose Professional' });
    for (const tier of PLAN_TIERS) {
      const list = screen.getByRole('list', { name: `${PLAN_NAMES[tier]} includes` });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(PLAN_FEATURES.filter((feature) => planIncludes(tier, feature)).map((f) => FEATURE_NAMES[f]));
    }
  });

  it.each(PLAN_TIERS)('links on /services, on %s, the services the plan includes and offers an upgrade for the others', async (tier) => {
    renderApp('/services', { ports: signedInOn(tier) });
    await screen.findByRole('heading', { level: 1, name: /What .* does for you/ });
    for (const feature of PLAN_FEATURES.filter((f) => f !== 'ats-integration')) {
      const included = planIncludes(tier, feature);
      const heading = screen.getByRole('heading', { level: 2, name: FEATURE_NAMES[feature] });
      const card = heading.closest('li') as HTMLElement;
      expect(within(card).queryByRole('link', { name: FEATURE_NAMES[feature] }) !== null).toBe(included);
      expect(within(card).queryByRole('link', { name: `Upgrade to ${PLAN_NAMES[FEATURE_FIRST_TIER[feature]]}` }) !== null).toBe(!included);
    }
  });

  it('shows on a service’s screen the server’s refusal message and an upgrade button leading to /subscribe', async () => {
    const { user, router } = renderApp('/services/best-fit', { ports: signedInOn('professional') });

    expect(await screen.findByText(planUpgradeMessage('best-fit', 'professional'))).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Upgrade to Enterprise' }));
    expect(router.state.location.pathname).toBe('/subscribe');
  });

  it('opens a service’s screen on a plan that includes it', async () => {
    renderApp('/services/best-fit', { ports: signedInOn('enterprise') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Best-fit recommendation' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade to/ })).not.toBeInTheDocument();
  });
});
