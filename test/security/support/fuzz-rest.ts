import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_CONSOLE_ACTIONS } from '../../../lambdas/shared/contracts/admin-console';
import { BETA_CUSTOMER_GROUPS } from '../../../lambdas/shared/domain/groups';
import { signRecurlyPayload } from '../../../lambdas/shared/webhooks/recurly-signature';
import { notificationItemId } from '../../../lambdas/shared/webhooks/processed-notifications';
import { LOCAL_WEBHOOK_SECRET } from '../../../local/runtime';
import { restAnswerProblem, send } from './answer-checks';
import { ASSISTANT_ENTRY_POINTS } from './fuzz-assistant';
import { ATS_ENTRY_POINTS } from './fuzz-ats';
import { adminRouteCaller, percentEncode, restCaller, restHeaders, type RestCaller } from './callers';
import type { CallVerdict, FuzzEntryPoint } from './fuzz-runner';
import { hostileBody, hostileField, hostileRecord, hostileString, INJECTION_STRINGS } from './hostile-values';
import type { SecurityRuntime } from './security-runtime';

/**
 * The REST routes of `lib/definitions/rest-routes.ts` as fuzz entry points: hostile bodies,
 * content types, path parameters, query strings and headers, with and without a valid token.
 */

type Body = { readonly text: string; readonly contentType: string | undefined };

/** Printable ASCII: header values a client can send at all (fetch refuses the rest). */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 200 }),
  fc.constantFrom(...INJECTION_STRINGS.filter((text) => /^[\x20-\x7e]*$/.test(text))),
);

async function restCall(
  rt: SecurityRuntime,
  method: 'GET' | 'POST',
  path: string,
  options: { caller: RestCaller | 'none'; body?: Body; headers?: Record<string, string> },
): Promise<CallVerdict> {
  const headers: Record<string, string> = { ...options.headers, ...(options.caller === 'none' ? {} : restHeaders(rt, options.caller)) };
  if (options.body?.contentType) headers['content-type'] = options.body.contentType;
  const answer = await send(`${rt.restUrl}${path}`, { method, headers, body: method === 'POST' ? options.body?.text : undefined });
  return { answer, problem: restAnswerProblem(answer), accepted: answer.status >= 200 && answer.status < 300 };
}

const PLAN_CODES = ['starter', 'professional', 'enterprise'].map((tier) => `${tier}_2weeksfree_monthly_onetimesetup_dev`);

export const getPlans: FuzzEntryPoint<{ query: [string, string][]; origin?: string }> = {
  name: 'GET /subscription/plans',
  writes: [],
  input: fc.record(
    {
      query: fc.array(
        fc
          .tuple(hostileString(fc.constantFrom('currency', 'planCode')), hostileString(fc.constantFrom('USD', 'EUR')))
          .filter(([name, value]) => name.length + value.length < 2000),
        { maxLength: 3 },
      ),
      origin: headerText,
    },
    { requiredKeys: ['query'] },
  ),
  call: (rt, input) => {
    const query = input.query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
    return restCall(rt, 'GET', `/subscription/plans${query ? `?${query}` : ''}`, {
      caller: 'none',
      headers: input.origin !== undefined ? { origin: input.origin } : {},
    });
  },
};

export const createChange: FuzzEntryPoint<{ caller: RestCaller; body: Body; idempotencyKey?: string }> = {
  name: 'POST /subscription/create-change',
  writes: ['users', 'subscriptions'],
  input: fc.record(
    {
      caller: restCaller,
      body: hostileBody(
        hostileRecord({
          planCode: hostileField(fc.constantFrom(...PLAN_CODES, 'starter', 'STARTER_2WEEKSFREE_MONTHLY_ONETIMESETUP_DEV')),
          currency: hostileField(fc.constantFrom('USD', 'EUR', 'usd', 'XXX')),
          billingToken: hostileField(fc.constantFrom('tok_local_visa', 'tok_123', 'local-token-00000000')),
        }),
      ),
      idempotencyKey: headerText,
    },
    { requiredKeys: ['caller', 'body'] },
  ),
  call: (rt, input) =>
    restCall(rt, 'POST', '/subscription/create-change', {
      caller: input.caller,
      body: input.body,
      headers: input.idempotencyKey !== undefined ? { 'Idempotency-Key': input.idempotencyKey } : {},
    }),
};

function subscriptionAction(action: 'cancel' | 'reactivate'): FuzzEntryPoint<{ caller: RestCaller; body: Body }> {
  return {
    name: `POST /subscription/${action}`,
    writes: ['users', 'subscriptions'],
    input: fc.record({
      caller: restCaller,
      body: hostileBody(
        hostileRecord({
          subscriptionId: hostileField(fc.constantFrom('SubscriptionTBD', 'sub_0000000001', 'uuid-0123456789abcdef0123456789abcdef')),
        }),
      ),
    }),
    call: (rt, input) => restCall(rt, 'POST', `/subscription/${action}`, { caller: input.caller, body: input.body }),
  };
}

export const cancelSubscription = subscriptionAction('cancel');
export const reactivateSubscription = subscriptionAction('reactivate');

/** Lookup ids: the member's own, someone else's, and hostile text (short enough for a request line). */
const lookupId = fc.oneof(
  fc.constantFrom('own-code', 'other-code', 'SubscriptionTBD'),
  hostileString().filter((text) => text.length <= 2000),
);

export const getUserSubscriptions: FuzzEntryPoint<{ caller: RestCaller; id: string; raw: boolean }> = {
  name: 'GET /user/subscriptions/{id}',
  writes: [],
  input: fc.record({ caller: restCaller, id: lookupId, raw: fc.boolean() }),
  call: (rt, input) => {
    const id =
      input.id === 'own-code'
        ? `code-talentpilot-${rt.member.sub}`
        : input.id === 'other-code'
          ? `code-talentpilot-${rt.otherMember.sub}`
          : input.id;
    // `raw` keeps '/' and '.' as typed (path traversal); the URL parser may still fold `..`.
    const path = input.raw ? percentEncode(id).replace(/%2F/g, '/') : percentEncode(id);
    return restCall(rt, 'GET', `/user/subscriptions/${path}`, { caller: input.caller });
  },
};

type WebhookSignature = 'valid' | 'none' | 'garbage' | 'stale' | 'otherSecret';

export const receiveWebhook: FuzzEntryPoint<{ signature: WebhookSignature; body: Body }> = {
  name: 'POST /subscription/webhook',
  writes: ['users', 'subscriptions'],
  input: fc.record({
    signature: fc.oneof(
      { arbitrary: fc.constant<WebhookSignature>('valid'), weight: 4 },
      { arbitrary: fc.constantFrom<WebhookSignature>('none', 'garbage', 'stale', 'otherSecret'), weight: 1 },
    ),
    body: hostileBody(
      hostileRecord({
        id: hostileField(fc.constantFrom('notif-1', 'a1b2c3d4e5')),
        object_type: hostileField(fc.constantFrom('subscription', 'account', 'invoice')),
        event_type: hostileField(fc.constantFrom('created', 'updated', 'canceled', 'expired')),
        event_time: hostileField(fc.constantFrom('2026-01-01T00:00:00Z')),
        site_id: hostileField(fc.constantFrom('site-1')),
        uuid: hostileField(fc.constantFrom('0123456789abcdef0123456789abcdef', 'ABCDEF0123456789ABCDEF0123456789')),
      }),
    ),
  }),
  call: (rt, input) => {
    const now = Date.now();
    const headers: Record<string, string> = {};
    if (input.signature === 'valid')
      headers['recurly-signature'] = `${now},${signRecurlyPayload(LOCAL_WEBHOOK_SECRET, now, input.body.text)}`;
    if (input.signature === 'stale')
      headers['recurly-signature'] = `${now - 3_600_000},${signRecurlyPayload(LOCAL_WEBHOOK_SECRET, now - 3_600_000, input.body.text)}`;
    if (input.signature === 'otherSecret')
      headers['recurly-signature'] = `${now},${signRecurlyPayload('not-the-secret', now, input.body.text)}`;
    if (input.signature === 'garbage')
      headers['recurly-signature'] = `${now},${createHash('sha256').update(input.body.text).digest('hex')},,`;
    return restCall(rt, 'POST', '/subscription/webhook', { caller: 'none', body: input.body, headers });
  },
  // An accepted notification leaves one trace: its id, so a replay changes nothing.
  checkStored: (_rt, input, _verdict, changes) => {
    const id = (JSON.parse(input.body.text) as { id: string }).id;
    const expected = notificationItemId('recurly', id);
    const unexpected = changes.filter(
      (change) => !(change.table === 'subscriptions' && change.kind === 'added' && change.after?.id === expected),
    );
    return unexpected.length > 0
      ? `An accepted notification stored more than its id: ${JSON.stringify(unexpected).slice(0, 500)}`
      : undefined;
  },
};

const personName = fc.constantFrom('Dana', 'Zoë', "O'Brien", 'José-María', '李', 'Ана');

/** A valid invitation with a fresh email (mixed case and spaces: the handler normalises them). */
const plausibleInvite: fc.Arbitrary<Body> = fc
  .record(
    {
      email: fc.uuid().map((id) => ` Invitee.${id.slice(0, 8)}@Example.com `),
      firstName: personName,
      lastName: personName,
      companyName: fc.constantFrom('Northbridge Staffing', ' A&B Talent, Inc. '),
      phoneNumber: fc.constantFrom('+1 555 010 0199', '+15550100199'),
      group: fc.constantFrom(...BETA_CUSTOMER_GROUPS),
    },
    { requiredKeys: ['email', 'firstName', 'lastName', 'companyName', 'group'] },
  )
  .map((invite) => ({ text: JSON.stringify(invite), contentType: 'application/json' }));

export const adminCreateUser: FuzzEntryPoint<{ caller: RestCaller; body: Body }> = {
  name: 'POST /admin/user/create',
  writes: ['users'],
  input: fc.oneof(
    // An invitation as an admin sends it, so the accepted path (user, group, record) is checked too.
    { arbitrary: fc.record({ caller: fc.constant<RestCaller>('admin'), body: plausibleInvite }), weight: 1 },
    {
      arbitrary: fc.record({
        caller: adminRouteCaller,
        body: hostileBody(
          hostileRecord({
            email: hostileField(fc.oneof(fc.emailAddress(), fc.constantFrom('dana.reyes@northbridge.example', ' Mixed.Case@Example.COM '))),
            firstName: hostileField(personName),
            lastName: hostileField(personName),
            companyName: hostileField(fc.constantFrom('Northbridge Staffing', 'A&B Talent, Inc.')),
            phoneNumber: hostileField(fc.constantFrom('+1 555 010 0199', '+15550100199', '555-0100')),
            group: hostileField(fc.constantFrom(...BETA_CUSTOMER_GROUPS, 'Admins', 'beta_customer_r1')),
          }),
        ),
      }),
      weight: 2,
    },
  ),
  call: (rt, input) => restCall(rt, 'POST', '/admin/user/create', { caller: input.caller, body: input.body }),
  // The invited person's record: exactly one new item, the contract's fields as answered.
  checkStored: (_rt, input, verdict, changes) => {
    const sent = JSON.parse(input.body.text) as Record<string, string>;
    const answered = (verdict.answer.json as { user: Record<string, unknown> }).user;
    const [change, ...more] = changes;
    if (!change || more.length > 0 || change.kind !== 'added')
      return `Expected one new user record, got: ${JSON.stringify(changes).slice(0, 500)}`;
    const stored = change.after!;
    const expected: Record<string, unknown> = {
      id: answered.id,
      email: sent.email.trim().toLowerCase(),
      status: 'ACTIVE',
      subscriptionId: 'SubscriptionTBD',
    };
    const wrong = Object.entries(expected).filter(([field, value]) => stored[field] !== value);
    const strayFields = Object.keys(stored).filter(
      (field) =>
        ![
          'id',
          'email',
          'firstName',
          'lastName',
          'companyName',
          'phoneNumber',
          'status',
          'subscriptionId',
          'subscriptions',
          'createdAt',
          'updatedAt',
        ].includes(field),
    );
    if (wrong.length > 0 || strayFields.length > 0)
      return `The stored record breaks the contract (${[...wrong.map(([field]) => field), ...strayFields].join(', ')}): ${JSON.stringify(stored).slice(0, 500)}`;
    return undefined;
  },
  cleanup: async (rt, _input, verdict) => {
    const username = (verdict.answer.json as { cognito?: { username?: string } }).cognito?.username;
    if (username) await rt.cognito.send(new AdminDeleteUserCommand({ UserPoolId: rt.userPoolId, Username: username }));
  },
};

/** Usernames: the admin's own (a refusal: nobody removes themselves), unknown people, hostile text. */
const usernameField = hostileField(
  fc.constantFrom('admin@talentpilot.local', 'nobody@example.com', '00000000-0000-0000-0000-000000000000'),
);

export const adminRemoveUser: FuzzEntryPoint<{ caller: RestCaller; body: Body }> = {
  name: 'POST /admin/user/remove',
  writes: ['users'],
  input: fc.record({ caller: adminRouteCaller, body: hostileBody(hostileRecord({ username: usernameField })) }),
  call: (rt, input) => restCall(rt, 'POST', '/admin/user/remove', { caller: input.caller, body: input.body }),
};

export const adminGetUser: FuzzEntryPoint<{ caller: RestCaller; body: Body }> = {
  name: 'POST /admin/user',
  writes: [],
  input: fc.record({
    caller: adminRouteCaller,
    body: hostileBody(
      hostileRecord({
        username: fc.oneof(usernameField, fc.constantFrom('dana.reyes@northbridge.example', 'DANA.REYES@NORTHBRIDGE.EXAMPLE')),
      }),
    ),
  }),
  call: (rt, input) => restCall(rt, 'POST', '/admin/user', { caller: input.caller, body: input.body }),
};

/** The fields an item of the console's writes may change: expiring a code, handling a message. */
const CONSOLE_UPDATABLE: Readonly<Record<string, readonly string[]>> = {
  registrationCodes: ['expiresAt', 'updatedAt'],
  contacts: ['handledAt', 'handledBy', 'updatedAt'],
};

/** The fields whose values differ between two versions of an item. */
function changedFields(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

export const adminConsole: FuzzEntryPoint<{ caller: RestCaller; body: Body }> = {
  name: 'POST /admin/console',
  writes: ['contacts', 'registrationCodes'],
  input: fc.record({
    caller: adminRouteCaller,
    body: hostileBody(
      hostileRecord({
        action: fc.oneof({ arbitrary: fc.constantFrom(...ADMIN_CONSOLE_ACTIONS), weight: 4 }, { arbitrary: hostileField(), weight: 1 }),
        search: hostileField(fc.constantFrom('dana', 'Northbridge', ' ZOË ')),
        state: hostileField(fc.constantFrom('open', 'handled', 'all')),
        // The cursors a list gives (a window's start and rows shown, base64url JSON), and others.
        cursor: hostileField(
          fc.constantFrom(
            Buffer.from('{"after":null,"skip":20}').toString('base64url'),
            Buffer.from('{"after":"msg-1","skip":0}').toString('base64url'),
            Buffer.from('{"after":null,"skip":-1}').toString('base64url'),
          ),
        ),
        id: hostileField(fc.constantFrom('00000000-0000-0000-0000-000000000000', 'msg-1')),
        handled: fc.oneof(fc.boolean(), hostileField()),
        group: hostileField(fc.constantFrom(...BETA_CUSTOMER_GROUPS, 'Admins')),
        maxUses: fc.oneof(fc.integer({ min: -5, max: 6000 }), hostileField()),
        expiresAt: hostileField(fc.constantFrom('2099-01-01T00:00:00Z', '2020-01-01T00:00:00Z', 'tomorrow')),
        code: hostileField(fc.constantFrom('BETA-R1-2024', 'NO-SUCH-CODE', 'beta-r2-2024')),
      }),
    ),
  }),
  call: (rt, input) => restCall(rt, 'POST', '/admin/console', { caller: input.caller, body: input.body }),
  // A new code (created), or a code's expiry or a message's handled state (changed): nothing else.
  checkStored: (_rt, _input, _verdict, changes) => {
    if (changes.length > 1) return `One action changed ${changes.length} items: ${JSON.stringify(changes).slice(0, 500)}`;
    const [change] = changes;
    if (!change) return undefined;
    if (change.kind === 'added')
      return change.table === 'registrationCodes' && change.after?.uses === 0
        ? undefined
        : `Only a new, unused registration code may be added: ${JSON.stringify(change).slice(0, 500)}`;
    const stray =
      change.kind === 'changed'
        ? changedFields(change.before, change.after).filter((field) => !(CONSOLE_UPDATABLE[change.table] ?? []).includes(field))
        : ['(removed)'];
    return stray.length > 0 ? `The console changed ${stray.join(', ')} of ${change.table} ${change.key}` : undefined;
  },
};

/** Every REST route, in the order of `REST_ROUTES`. */
export const REST_ENTRY_POINTS: readonly FuzzEntryPoint<never>[] = [
  getPlans,
  createChange,
  cancelSubscription,
  reactivateSubscription,
  getUserSubscriptions,
  receiveWebhook,
  adminCreateUser,
  adminRemoveUser,
  adminGetUser,
  adminConsole,
  ...ASSISTANT_ENTRY_POINTS,
  ...ATS_ENTRY_POINTS,
] as unknown as FuzzEntryPoint<never>[];
