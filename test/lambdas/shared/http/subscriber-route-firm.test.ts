import { FEATURE_FIRST_TIER, PLAN_UPGRADE_REQUIRED, type PlanFeature } from '../../../../lambdas/shared/domain/plan-entitlements';
import { subscriberRoute, SUBSCRIPTION_REQUIRED_MESSAGE } from '../../../../lambdas/shared/http/subscriber-route';
import { MEMBERSHIP_REMOVED, MEMBERSHIP_REMOVED_MESSAGE, type Firm } from '../../../../lambdas/shared/organizations/caller-firm';
import { foundedOrganization } from '../../../../lambdas/shared/organizations/organization-founding';
import type { OrganizationsRepository } from '../../../../lambdas/shared/organizations/organizations-repository';
import { firmSeed, type FirmSeed } from '../../../security/support/firm-seed';
import { call, HANDLER_OPTIONS, startAssistantServices, type AssistantServices } from '../../assistant/support/assistant-services';

/**
 * The subscriber gate by firm (issue 18), on dynalite: a member works on the FIRM's subscription
 * and plan, never another firm's; a removed member is refused at once, even while the index still
 * lists them; a person in no firm keeps their own subscription, as before organizations.
 */

let assistant: AssistantServices;
let seed: FirmSeed;
const person = (sub: string) => ({ sub, email: `${sub}@example.com` });

beforeAll(async () => {
  assistant = await startAssistantServices();
  const { services } = assistant;
  seed = firmSeed(services.client, services.tableNames.organizations);
  // Firm A (Enterprise) and firm B (Starter), each founded by its subscriber as checkout founds it.
  for (const [owner, tier] of [
    ['firm-a-owner', 'enterprise'],
    ['firm-b-owner', 'starter'],
  ] as const) {
    const user = await assistant.subscriber(owner, tier);
    await services.organizations.createOrganization(foundedOrganization(user, { company: null, quantity: 1 }, new Date()));
  }
  for (const sub of ['firm-a-recruiter', 'firm-a-admin', 'firm-b-recruiter', 'firm-a-leaver', 'firm-a-stale']) await assistant.member(sub);
  await seed.join('firm-a-owner', person('firm-a-recruiter'), 'recruiter');
  await seed.join('firm-a-owner', person('firm-a-admin'), 'admin');
  await seed.join('firm-a-owner', person('firm-a-leaver'), 'recruiter');
  await seed.join('firm-a-owner', person('firm-a-stale'), 'recruiter');
  await seed.join('firm-b-owner', person('firm-b-recruiter'), 'recruiter');
  await seed.remove('firm-a-owner', person('firm-a-leaver'));
  // Not in any firm: one subscribed on their own, one not.
  await assistant.subscriber('solo-subscriber', 'starter');
  await assistant.member('solo-unsubscribed');
});
afterAll(() => assistant.stop());

/** A gated route answering with the firm it was handed; `feature` as a capability route names it. */
function gated(feature?: PlanFeature, organizations?: OrganizationsRepository) {
  return subscriberRoute(
    { feature, run: async ({ firm, user }) => ({ body: { firm, userId: user.id } }) },
    () => ({ ...assistant.dependencies(), ...(organizations ? { organizations } : {}) }),
    HANDLER_OPTIONS,
  );
}
const through = (as: string, handler = gated()) =>
  call<{ firm?: Firm; userId?: string; code?: string; message?: string }>(handler, { resource: '/assistant/jobs', as });

describe('the subscriber gate by firm', () => {
  it('lets a recruiter of a firm with a live subscription in without a subscription of their own, handing the firm and role', async () => {
    expect(await assistant.services.subscriptions.listByUserId('firm-a-recruiter')).toEqual([]);

    const answer = await through('firm-a-recruiter');

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ firm: { id: 'firm-a-owner', role: 'recruiter' }, userId: 'firm-a-recruiter' });
    expect((await through('firm-a-admin')).body.firm).toEqual({ id: 'firm-a-owner', role: 'admin' });
    expect((await through('firm-a-owner')).body.firm).toEqual({ id: 'firm-a-owner', role: 'owner' });
  });

  it("checks the firm's plan, not the member's: firm B's Starter refuses what firm A's Enterprise allows", async () => {
    const feature = (Object.keys(FEATURE_FIRST_TIER) as PlanFeature[]).find((name) => FEATURE_FIRST_TIER[name] === 'enterprise');
    expect(feature).toBeDefined();
    const route = gated(feature);

    expect((await through('firm-a-recruiter', route)).status).toBe(200);
    const refused = await through('firm-b-recruiter', route);
    expect([refused.status, refused.body.code]).toEqual([403, PLAN_UPGRADE_REQUIRED]);
  });

  it('hands a member of firm B firm B, never firm A', async () => {
    const answer = await through('firm-b-recruiter');

    expect(answer.body.firm).toEqual({ id: 'firm-b-owner', role: 'recruiter' });
  });

  it('refuses a removed member at once with a clear message, though their firm is still subscribed', async () => {
    const answer = await through('firm-a-leaver');

    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: MEMBERSHIP_REMOVED, message: MEMBERSHIP_REMOVED_MESSAGE });
  });

  it('refuses a member removed while the index still lists them active (the member item is read strongly consistent)', async () => {
    const real = assistant.services.organizations;
    const activeA = await real.getMember('firm-a-owner', 'firm-a-stale');
    expect(activeA?.state).toBe('active');
    await seed.remove('firm-a-owner', person('firm-a-stale'));
    // The index as it may still answer a moment after the removal: the member as they were.
    const staleIndex: OrganizationsRepository = { ...real, membershipsOf: async () => [activeA!] };

    const answer = await through('firm-a-stale', gated(undefined, staleIndex));

    expect([answer.status, answer.body.code]).toEqual([403, MEMBERSHIP_REMOVED]);
  });

  it('keeps a person in no firm on their own subscription, as their own firm', async () => {
    const solo = await through('solo-subscriber');
    expect([solo.status, solo.body.firm]).toEqual([200, { id: 'solo-subscriber', role: 'owner' }]);

    const unsubscribed = await through('solo-unsubscribed');
    expect(unsubscribed.status).toBe(403);
    expect(unsubscribed.body).toMatchObject({ code: 'subscription_required', message: SUBSCRIPTION_REQUIRED_MESSAGE });
  });
});
