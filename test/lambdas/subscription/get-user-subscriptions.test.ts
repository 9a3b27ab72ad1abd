import {
  UserSubscriptionsResponseSchema,
  type SubscriptionView,
  type UserSubscriptionsResponse,
} from '../../../lambdas/shared/contracts/subscriptions';
import type { User } from '../../../lambdas/shared/contracts/user';
import { accountCode, subscriptionsLookupId } from '../../../lambdas/shared/domain/account-codes';
import { createGetUserSubscriptionsHandler } from '../../../lambdas/subscription/get-user-subscriptions';
import type { DirectoryUser } from '../../../lambdas/shared/user-directory/user-directory';
import { foundedOrganization } from '../../../lambdas/shared/organizations/organization-founding';
import { subscriptionSnapshot } from '../../../lambdas/shared/subscriptions/subscription-record';
import { firmSeed } from '../../security/support/firm-seed';
import { ADMIN, claims, HANDLER_OPTIONS, invoke, PLANS, PRODUCT_SLUG, userEvent } from './support/subscription-services';
import { useSubscriptionServices } from './support/handler-test-setup';

const { services } = useSubscriptionServices();
let handler: ReturnType<typeof createGetUserSubscriptionsHandler>;
/** The user pool now, by username (= sub here): who exists and in which groups. */
const directoryGroups = new Map<string, string[]>();
let directoryLookups = 0;

beforeAll(async () => {
  await services.addUser(ADMIN.sub);
  directoryGroups.set(ADMIN.sub, ['Admins']);
  const directory = {
    getUser: async (username: string): Promise<DirectoryUser | undefined> => {
      directoryLookups += 1;
      const groups = directoryGroups.get(username);
      return groups && { username, sub: username, status: 'CONFIRMED', enabled: true, attributes: { sub: username }, groups };
    },
  };
  handler = createGetUserSubscriptionsHandler(
    () => ({
      billing: services.billing,
      users: services.users,
      links: services.links,
      directory,
      productSlug: PRODUCT_SLUG,
      organizations: services.organizations,
      subscriptions: services.subscriptions,
    }),
    HANDLER_OPTIONS,
  );
});

function getSubscriptions(id: string, callerClaims: Record<string, string> | null) {
  return invoke<UserSubscriptionsResponse & { code?: string; message?: string }>(
    handler,
    userEvent({
      method: 'GET',
      resource: '/user/subscriptions/{id}',
      path: `/user/subscriptions/${encodeURIComponent(id)}`,
      claims: callerClaims,
      pathParameters: { id },
    }),
  );
}

/** A user subscribed at the provider and linked as create-change links them. */
async function subscribedUser(id: string): Promise<{ user: User; subscription: SubscriptionView }> {
  await services.addUser(id);
  const subscription = await services.billing.createSubscription({
    accountCode: accountCode(PRODUCT_SLUG, id),
    account: { email: `${id}@example.com`, firstName: 'Ana', lastName: 'Reyes', company: 'Reyes Staffing' },
    planCode: PLANS.professional,
    currency: 'USD',
    billingToken: await services.cardToken(),
  });
  const user = await services.links.link({ userId: id, subscriptionId: subscription.id, now: new Date(), makeCurrent: () => true });
  return { user: user!, subscription };
}

describe('GET /user/subscriptions/{id}', () => {
  it("says an invited member works on their firm's live subscription (firmAccess), and nobody else does", async () => {
    const { user: owner, subscription } = await subscribedUser('gs-firm-owner');
    // Stored as create-change stores it, and the firm founded as checkout founds it.
    await services.subscriptions.upsert(subscriptionSnapshot(subscription, { userId: owner.id }), new Date());
    await services.organizations.createOrganization(foundedOrganization(owner, { company: null, quantity: 1 }, new Date()));
    const seed = firmSeed(services.client, services.tableNames.organizations);
    for (const id of ['gs-firm-recruiter', 'gs-firm-leaver', 'gs-no-firm']) await services.addUser(id);
    await seed.join(owner.id, { sub: 'gs-firm-recruiter', email: 'gs-firm-recruiter@example.com' }, 'recruiter');
    await seed.join(owner.id, { sub: 'gs-firm-leaver', email: 'gs-firm-leaver@example.com' }, 'recruiter');
    await seed.remove(owner.id, { sub: 'gs-firm-leaver', email: 'gs-firm-leaver@example.com' });
    const firmAccessOf = async (id: string) => {
      const answer = await getSubscriptions(`code-talentpilot-${id}`, claims(id, undefined));
      expect(answer.status).toBe(200);
      return UserSubscriptionsResponseSchema.parse(answer.body).firmAccess;
    };

    expect(await firmAccessOf('gs-firm-recruiter')).toEqual({ organizationId: owner.id, role: 'recruiter', tier: 'professional' });
    // The owner's own subscriptions decide for them; a removed member and a person in no firm have no firm to work on.
    expect(await firmAccessOf(owner.id)).toBeNull();
    expect(await firmAccessOf('gs-firm-leaver')).toBeNull();
    expect(await firmAccessOf('gs-no-firm')).toBeNull();

    await services.subscriptions.upsert(
      subscriptionSnapshot(
        {
          ...subscription,
          state: 'expired',
          expiresAt: new Date(Date.now() - 1000).toISOString(),
          updatedAt: new Date(Date.now() + 60_000).toISOString(),
        },
        { userId: owner.id },
      ),
      new Date(),
    );
    expect(await firmAccessOf('gs-firm-recruiter')).toBeNull();
  });

  it('answers a user who has not subscribed yet, by their lookup code, with no subscriptions and no account', async () => {
    const user = await services.addUser('gs-new');
    expect(subscriptionsLookupId(PRODUCT_SLUG, user)).toBe('code-talentpilot-gs-new');

    const answer = await getSubscriptions('code-talentpilot-gs-new', claims(user.id, undefined));

    expect(answer).toMatchObject({ status: 200, body: { subscriptions: [], account: null, firmAccess: null } });
    expect(answer.headers['Cache-Control']).toBe('no-store');
  });

  it('answers a subscriber, by their subscription id, with their subscriptions and billing account', async () => {
    const { user, subscription } = await subscribedUser('gs-owner');

    const byId = await getSubscriptions(subscriptionsLookupId(PRODUCT_SLUG, user), claims(user.id, undefined));
    const byCode = await getSubscriptions('code-talentpilot-gs-owner', claims(user.id, undefined));

    expect(byId.status).toBe(200);
    const body = UserSubscriptionsResponseSchema.parse(byId.body);
    expect(body.subscriptions).toEqual([subscription]);
    expect(body.account).toMatchObject({
      code: 'talentpilot-gs-owner',
      email: 'gs-owner@example.com',
      hasBillingInfo: true,
      state: 'active',
    });
    expect(byCode.body).toEqual(byId.body);
  });

  it("refuses another user's lookup code or subscription id (403), whatever the path says", async () => {
    const { subscription } = await subscribedUser('gs-victim');
    const other = await services.addUser('gs-curious');

    for (const id of ['code-talentpilot-gs-victim', subscription.id, `uuid-${subscription.uuid}`, 'code-otherproduct-gs-curious']) {
      const answer = await getSubscriptions(id, claims(other.id, 'Beta_Customer_R1'));
      expect([id, answer.status, answer.body.code]).toEqual([id, 403, 'not_your_subscription']);
    }
  });

  it("lets an admin read anyone's subscriptions by lookup code, current or past subscription id", async () => {
    const { subscription } = await subscribedUser('gs-customer');
    const past = await services.billing.createSubscription({
      accountCode: accountCode(PRODUCT_SLUG, 'gs-customer'),
      account: { email: 'gs-customer@example.com' },
      planCode: PLANS.starter,
      currency: 'USD',
    });

    for (const id of ['code-talentpilot-gs-customer', subscription.id, past.id]) {
      const answer = await getSubscriptions(id, ADMIN);
      expect([id, answer.status]).toEqual([id, 200]);
      expect(answer.body.subscriptions.map((s) => s.id).sort()).toEqual([subscription.id, past.id].sort());
      expect(answer.body.account).toMatchObject({ code: 'talentpilot-gs-customer' });
    }
  });

  it("refuses an admin who was removed (their token still says Admins) anyone's subscriptions", async () => {
    await subscribedUser('gs-target');
    await services.addUser('gs-removed-admin', { status: 'REMOVED' });
    expect(await getSubscriptions('code-talentpilot-gs-target', claims('gs-removed-admin', 'Admins'))).toMatchObject({
      status: 403,
      body: { code: 'user_inactive' },
    });
  });

  it("treats an admin who was demoted (their token still says Admins) as an owner: their own subscriptions, nobody else's", async () => {
    const { subscription } = await subscribedUser('gs-someone');
    const demoted = await subscribedUser('gs-demoted-admin');
    directoryGroups.set('gs-demoted-admin', ['Beta_Customer_R1']);
    const demotedClaims = claims('gs-demoted-admin', 'Admins');

    for (const id of ['code-talentpilot-gs-someone', subscription.id]) {
      const answer = await getSubscriptions(id, demotedClaims);
      expect([id, answer.status, answer.body.code]).toEqual([id, 403, 'not_your_subscription']);
      expect(JSON.stringify(answer.body)).not.toContain(subscription.id);
    }
    const own = await getSubscriptions(demoted.subscription.id, demotedClaims);
    expect([own.status, own.body.subscriptions.map((s) => s.id)]).toEqual([200, [demoted.subscription.id]]);
  });

  it('asks the directory only when the token says Admins', async () => {
    const user = await services.addUser('gs-plain');
    const before = directoryLookups;

    expect((await getSubscriptions('code-talentpilot-gs-plain', claims(user.id, 'Beta_Customer_R1'))).status).toBe(200);
    expect(directoryLookups).toBe(before);
    expect((await getSubscriptions('code-talentpilot-gs-plain', ADMIN)).status).toBe(200);
    expect(directoryLookups).toBe(before + 1);
  });

  it('answers 404 to an admin for an id that names nobody', async () => {
    for (const id of ['code-talentpilot-nobody', 'nosuchsubscr1', 'code-otherproduct-gs-customer']) {
      const answer = await getSubscriptions(id, ADMIN);
      expect([id, answer.status, answer.body.code]).toEqual([id, 404, 'unknown_lookup_id']);
    }
  });

  it('refuses anonymous callers (401), callers without a record (404) or removed (403), and malformed ids (400)', async () => {
    await services.addUser('gs-removed', { status: 'REMOVED' });

    expect(await getSubscriptions('code-talentpilot-gs-new', null)).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await getSubscriptions('code-talentpilot-gs-ghost', claims('gs-ghost', undefined))).toMatchObject({
      status: 404,
      body: { code: 'user_not_found' },
    });
    expect(await getSubscriptions('code-talentpilot-gs-removed', claims('gs-removed', undefined))).toMatchObject({
      status: 403,
      body: { code: 'user_inactive' },
    });
    for (const id of ['', 'a/b', 'x'.repeat(121), 'semi;colon']) {
      expect((await getSubscriptions(id, claims('gs-new', undefined))).status).toBe(400);
    }
  });
});
