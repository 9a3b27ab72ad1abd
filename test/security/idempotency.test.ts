import { AdminListGroupsForUserCommand, CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { signRecurlyPayload } from '../../lambdas/shared/webhooks/recurly-signature';
import { LOCAL_WEBHOOK_SECRET } from '../../local/runtime';
import { postConfirmationEvent, signUpAttributes } from '../lambdas/support/cognito-trigger-events';
import { startSecurityRuntime, type SecurityRuntime, type SignedInUser } from './support/authz-runtime';

/**
 * Retries and races through the whole local runtime (the deployed handler bundles in their
 * workers, the resolvers, cognito-local): a subscription submitted several times at once, Recurly
 * delivering one notification several times at once, Cognito retrying the post-confirmation
 * trigger while it still runs, an invitation sent twice at once, and profile edits racing a
 * subscription. Nothing may be duplicated and nothing lost.
 *
 * The handler-level tests cover the same rules in detail (see the report of issue 5):
 * test/lambdas/subscription/create-change-subscription.test.ts (double click, Idempotency-Key
 * replay, 50 concurrent requests, crash recovery), receive-webhook.test.ts (replays, concurrent
 * first deliveries), post-confirmation.test.ts (sequential retries, half-done runs, last use of a
 * code), user-subscription-links.test.ts and subscriptions-repository.test.ts (no lost links,
 * never backwards).
 */

const STARTER = 'starter_2weeksfree_monthly_onetimesetup_dev';
const TIMES = 5;

let api: SecurityRuntime;
let cognito: CognitoIdentityProviderClient;

beforeAll(async () => {
  api = await startSecurityRuntime();
  cognito = new CognitoIdentityProviderClient({
    endpoint: String(api.runtime.endpoints.cognitoEndpoint),
    region: 'us-east-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}, 120_000);

afterAll(async () => {
  cognito?.destroy();
  await api?.stop();
});

const together = <T>(call: () => Promise<T>) => Promise.all(Array.from({ length: TIMES }, call));

async function items(table: 'users' | 'subscriptions' | 'billing' | 'registrationCodes'): Promise<Record<string, unknown>[]> {
  return (await api.snapshot([table]))[table] as Record<string, unknown>[];
}

async function userRecord(sub: string): Promise<Record<string, unknown> | undefined> {
  return (await items('users')).find((user) => user.id === sub);
}

/** What the local billing (the Recurly stand-in) holds for a user's account: subscriptions and setup-fee charges. */
async function billed(user: SignedInUser): Promise<{ subscriptions: unknown[]; setupFees: unknown[] }> {
  const ofUser = (await items('billing')).filter((item) => item.accountCode === `talentpilot-${user.sub}`);
  return {
    subscriptions: ofUser.filter((item) => item.sk === 'subscription'),
    setupFees: ofUser.filter((item) => item.kind === 'setup_fee'),
  };
}

async function subscribe(user: SignedInUser, body: Record<string, unknown>) {
  return api.rest<{ subscription: { id: string; uuid: string } }>({ method: 'POST', path: '/subscription/create-change', body }, user);
}

describe('retries and races', () => {
  it('creates one subscription, charging the setup fee once, when the subscribe button is submitted five times at once', async () => {
    const user = await api.inviteAndSignIn('double-submit');
    const body = { planCode: STARTER, currency: 'USD', billingToken: await api.cardToken() };

    const answers = await together(() => subscribe(user, body));

    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const ids = new Set(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.subscription.id));
    expect(ids.size).toBe(1);
    const [id] = ids;
    const { subscriptions, setupFees } = await billed(user);
    expect([subscriptions.length, setupFees.length]).toEqual([1, 1]);
    expect((await items('subscriptions')).filter((item) => item.userId === user.sub && item.object === 'subscription')).toHaveLength(1);
    expect(await userRecord(user.sub)).toMatchObject({ subscriptionId: id, subscriptions: [id] });
  });

  it('takes one webhook notification delivered five times at once, and again later, into account once', async () => {
    const user = await api.inviteAndSignIn('webhook-retry');
    const created = await subscribe(user, { planCode: STARTER, currency: 'USD', billingToken: await api.cardToken() });
    const notificationId = `retried-${randomUUID()}`;
    const body = JSON.stringify({
      id: notificationId,
      object_type: 'subscription',
      event_type: 'updated',
      event_time: new Date().toISOString(),
      uuid: created.body.subscription.uuid,
    });
    const deliver = () => {
      const timestamp = Date.now();
      return api.rest(
        {
          method: 'POST',
          path: '/subscription/webhook',
          body,
          headers: { 'recurly-signature': `${timestamp},${signRecurlyPayload(LOCAL_WEBHOOK_SECRET, timestamp, body)}` },
        },
        'anonymous',
      );
    };
    const before = await userRecord(user.sub);

    const answers = [...(await together(deliver)), await deliver()];
    // The endpoint queues; the consumer applies them.
    await api.runtime.webhookQueue.settle();

    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: TIMES + 1 }, () => 204));
    const subscriptionItems = await items('subscriptions');
    expect(subscriptionItems.filter((item) => item.id === `webhook#recurly#${notificationId}`)).toHaveLength(1);
    expect(subscriptionItems.filter((item) => item.userId === user.sub && item.object === 'subscription')).toHaveLength(1);
    expect(await userRecord(user.sub)).toMatchObject({ subscriptionId: before?.subscriptionId, subscriptions: before?.subscriptions });
  });

  it('registers a person once when Cognito retries the post-confirmation trigger while it runs, and once more afterwards', async () => {
    const email = `trigger-retry.${randomUUID().slice(0, 8)}@example.com`;
    const userAttributes = signUpAttributes(email, 'BETA-R2-2024');
    const { UserSub } = await cognito.send(
      new SignUpCommand({
        ClientId: String(api.runtime.endpoints.userPoolClientId),
        Username: email,
        Password: 'correct horse battery',
        UserAttributes: Object.entries(userAttributes).map(([Name, Value]) => ({ Name, Value })),
      }),
    );
    const usesBefore = (await items('registrationCodes')).find((code) => code.code === 'BETA-R2-2024')?.uses as number;
    const event = postConfirmationEvent({ sub: UserSub!, userAttributes });
    const invoke = () =>
      fetch(`${String(api.runtime.endpoints.lambdaEndpoint)}/2015-03-31/functions/talentpilot-local-PostConfirmationFunction/invocations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      }).then(async (response) => ({
        status: response.status,
        functionError: response.headers.get('x-amz-function-error'),
        body: await response.text(),
      }));

    const answers = [...(await together(invoke)), await invoke()];

    expect(answers.map((answer) => [answer.status, answer.functionError])).toEqual(Array.from({ length: TIMES + 1 }, () => [200, null]));
    expect((await items('users')).filter((user) => user.email === email)).toEqual([
      expect.objectContaining({ id: UserSub, status: 'ACTIVE', subscriptionId: 'SubscriptionTBD' }),
    ]);
    expect((await items('registrationCodes')).find((code) => code.code === 'BETA-R2-2024')?.uses).toBe(usesBefore + 1);
    const { Groups = [] } = await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: String(api.runtime.endpoints.userPoolId), Username: email }),
    );
    expect(Groups.map((group) => group.GroupName)).toEqual(['Beta_Customer_R2']);
  });

  it('invites a person once when the invitation is sent five times at once', async () => {
    const email = `double-invite.${randomUUID().slice(0, 8)}@example.com`;
    const invite = () =>
      api.rest(
        {
          method: 'POST',
          path: '/admin/user/create',
          body: { email, firstName: 'Ira', lastName: 'Kent', companyName: 'Kent Talent', group: 'Beta_Customer_R1' },
        },
        api.admin,
      );

    const cognitoUsersBefore = (await api.snapshot()).cognitoUsers.length;

    const answers = await together(invite);

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await items('users')).filter((user) => user.email === email)).toHaveLength(1);
    expect((await api.snapshot()).cognitoUsers).toHaveLength(cognitoUsersBefore + 1);
    const created = answers.find((answer) => answer.status === 201)!.body as { cognito: { username: string } };
    expect((await api.rest({ method: 'POST', path: '/admin/user', body: { username: email } }, api.admin)).body).toMatchObject({
      cognito: { username: created.cognito.username },
    });
  });

  it('loses no field when profile edits race each other and a new subscription on the same record', async () => {
    const user = await api.inviteAndSignIn('racing-edits');
    const update = (input: Record<string, unknown>) =>
      api.graphql<{ errors?: unknown[] }>(
        'mutation M($input: UpdateUserInput!) { updateUser(input: $input) { id } }',
        { input: { id: user.sub, ...input } },
        user,
      );
    const card = await api.cardToken();

    const [subscribed, ...edits] = await Promise.all([
      subscribe(user, { planCode: STARTER, currency: 'USD', billingToken: card }),
      update({ firstName: 'Rae' }),
      update({ phoneNumber: '+1 555 010 0123' }),
      update({ profileRole: 'Sourcer' }),
      update({ lastName: 'Racer' }),
      update({ companyName: 'Racing Talent' }),
    ]);

    expect(subscribed.status).toBe(201);
    expect(edits.map((edit) => edit.body.errors)).toEqual(edits.map(() => undefined));
    expect(await userRecord(user.sub)).toMatchObject({
      firstName: 'Rae',
      phoneNumber: '+1 555 010 0123',
      profileRole: 'Sourcer',
      lastName: 'Racer',
      companyName: 'Racing Talent',
      subscriptionId: subscribed.body.subscription.id,
      subscriptions: [subscribed.body.subscription.id],
    });
  });
});
