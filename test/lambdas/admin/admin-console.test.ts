import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createAdminConsoleHandler, type AdminConsoleDependencies } from '../../../lambdas/admin/admin-console';
import { ADMIN_CONSOLE_PAGE_SIZE } from '../../../lambdas/shared/contracts/admin-console';
import { createContactsRepository } from '../../../lambdas/shared/contacts/contacts-repository';
import { createSubscriptionsRepository } from '../../../lambdas/shared/subscriptions/subscriptions-repository';
import type { SubscriptionSnapshot } from '../../../lambdas/shared/subscriptions/subscription-record';
import { newUserRecord } from '../../../lambdas/shared/users/new-user-record';
import { lambdaContext } from '../support/api-gateway-event';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { startIdentityServices, type IdentityServices } from '../support/identity-services';
import { adminEvent, MEMBER_CLAIMS, realAdminClaims, WEB_ORIGIN } from './support/admin-events';

let services: IdentityServices;
let logs: CapturedLogs;
let adminClaims: Record<string, string>;
let handler: ReturnType<typeof createAdminConsoleHandler>;
const NOW = new Date('2026-11-26T12:00:00.000Z');

beforeAll(async () => {
  services = await startIdentityServices();
  const client = services.documentClient;
  const deps: AdminConsoleDependencies = {
    directory: services.directory,
    users: services.users,
    codes: services.codes,
    contacts: createContactsRepository({ client, tableName: services.tableNames.contacts }),
    subscriptions: createSubscriptionsRepository({ client, tableName: services.tableNames.subscriptions }),
    now: () => NOW,
  };
  handler = createAdminConsoleHandler(() => deps, { allowedOrigins: [WEB_ORIGIN] });
  adminClaims = await realAdminClaims(services, 'ada.console@example.com');
});
afterAll(() => services.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

async function call<T = Record<string, unknown>>(body: unknown, claims: Record<string, string> | null = adminClaims) {
  const response = await handler(adminEvent('/admin/console', body, claims), lambdaContext());
  return { status: response.statusCode, body: JSON.parse(response.body) as T };
}

async function storeContact(id: string, name: string, message: string, createdAt: string): Promise<void> {
  await services.documentClient.send(
    new PutCommand({
      TableName: services.tableNames.contacts,
      Item: { id, name, email: `${id}@example.com`, message, createdAt, updatedAt: createdAt, __typename: 'Contact' },
    }),
  );
}

interface ContactPage {
  items: { id: string; handledAt: string | null; handledBy: string | null }[];
  nextCursor: string | null;
}

describe('POST /admin/console: who may call it', () => {
  it('refuses a signed-in member with 403 before reading the body', async () => {
    const answer = await call({ action: 'listContacts' }, MEMBER_CLAIMS);

    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: 'Only administrators may manage users.' });
  });

  it('refuses a call without verified claims with 401', async () => {
    expect((await call({ action: 'listContacts' }, null)).status).toBe(401);
  });

  it('refuses an unknown action and bad arguments with 400 naming the field', async () => {
    const unknown = await call({ action: 'dropTables' });
    const oldPaging = await call({ action: 'listUsers', page: 2 });
    const extra = await call({ action: 'listRegistrationCodes', group: 'Admins' });

    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ fields: { action: expect.stringContaining('listContacts') } });
    expect(oldPaging.status).toBe(400);
    expect(extra.status).toBe(400);
  });

  it('refuses a cursor it did not give with 400 on `cursor`, never a 500', async () => {
    const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cursors = [
      'not a cursor!',
      'x'.repeat(1_001),
      base64url('just text'),
      base64url({ after: null, skip: -1 }),
      base64url({ after: null, skip: 1.5 }),
      base64url({ after: '', skip: 0 }),
      base64url({ after: null, skip: 0, table: 'users' }),
      'bm90IGpzb24',
    ];

    for (const cursor of cursors) {
      for (const action of ['listContacts', 'listUsers', 'listRegistrationCodes']) {
        const answer = await call({ action, cursor });
        expect([cursor, answer.status, answer.body]).toEqual([
          cursor,
          400,
          expect.objectContaining({ fields: { cursor: 'The cursor must be one the console gave.' } }),
        ]);
      }
    }
  });
});

describe('contact messages', () => {
  beforeAll(async () => {
    // 23 messages a minute apart; the Zoë one is the newest.
    for (let index = 0; index < 23; index += 1) {
      const minute = String(index).padStart(2, '0');
      await storeContact(
        `msg-${minute}`,
        index === 22 ? 'Zoë Keller' : `Person ${minute}`,
        `Question number ${minute}`,
        `2026-11-20T10:${minute}:00.000Z`,
      );
    }
  });

  it('lists them newest first, a page at a time, the next page at the cursor the last one gave', async () => {
    const first = await call<ContactPage>({ action: 'listContacts' });
    const second = await call<ContactPage>({ action: 'listContacts', cursor: first.body.nextCursor });

    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(ADMIN_CONSOLE_PAGE_SIZE);
    expect(first.body.items[0].id).toBe('msg-22');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect(second.body.items.map((item) => item.id)).toEqual(['msg-02', 'msg-01', 'msg-00']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('pages through a search and a filter with the cursor too', async () => {
    const first = await call<ContactPage>({ action: 'listContacts', search: 'question', state: 'open' });
    const second = await call<ContactPage>({ action: 'listContacts', search: 'question', state: 'open', cursor: first.body.nextCursor });
    const none = await call<ContactPage>({ action: 'listContacts', search: 'Zoë', state: 'handled' });

    expect(first.body.items).toHaveLength(ADMIN_CONSOLE_PAGE_SIZE);
    expect([...first.body.items, ...second.body.items].map((item) => item.id)).toEqual(
      Array.from({ length: 23 }, (_, index) => `msg-${String(22 - index).padStart(2, '0')}`),
    );
    expect(none.body).toEqual({ items: [], nextCursor: null });
  });

  it('searches without regard to case or accents', async () => {
    const answer = await call<ContactPage>({ action: 'listContacts', search: '  zoe KELLER ' });

    expect(answer.body.items.map((item) => item.id)).toEqual(['msg-22']);
  });

  it('marks a message handled by the admin, lists it as handled, and opens it again', async () => {
    const handled = await call<{ contact: { handledAt: string; handledBy: string } }>({
      action: 'setContactHandled',
      id: 'msg-05',
      handled: true,
    });
    const handledList = await call<ContactPage>({ action: 'listContacts', state: 'handled' });
    const openList = await call<ContactPage>({ action: 'listContacts', state: 'open', search: 'number 05' });
    const reopened = await call<{ contact: { handledAt: string | null } }>({ action: 'setContactHandled', id: 'msg-05', handled: false });

    expect(handled.status).toBe(200);
    expect(handled.body.contact).toEqual(expect.objectContaining({ handledAt: NOW.toISOString(), handledBy: adminClaims.sub }));
    expect(handledList.body.items.map((item) => item.id)).toEqual(['msg-05']);
    expect(openList.body).toEqual({ items: [], nextCursor: null });
    expect(reopened.body.contact.handledAt).toBeNull();
  });

  it('answers 404 for a message that does not exist, and creates none', async () => {
    const answer = await call({ action: 'setContactHandled', id: 'no-such-message', handled: true });
    const all = await call<ContactPage>({ action: 'listContacts', search: 'no-such-message' });

    expect(answer.status).toBe(404);
    expect(all.body).toEqual({ items: [], nextCursor: null });
  });
});

describe('users', () => {
  it('finds people by name, email or company, with their newest subscription', async () => {
    const subscriber = newUserRecord({
      id: 'sub-subscriber',
      email: 'quinn@northwind.example',
      details: { firstName: 'Quinn', lastName: 'Lopez', companyName: 'Northwind Talent' },
      now: new Date('2026-11-01T00:00:00.000Z'),
    });
    await services.users.putIfAbsent(subscriber);
    const subscriptions = createSubscriptionsRepository({ client: services.documentClient, tableName: services.tableNames.subscriptions });
    const snapshot: SubscriptionSnapshot = {
      id: 'recurly-sub-1',
      subscriptionId: 'recurly-sub-1',
      object: 'subscription',
      uuid: 'uuid-1',
      email: subscriber.email,
      company: subscriber.companyName,
      state: 'active',
      planCode: 'professional_2weeksfree_monthly_onetimesetup_dev',
      currency: 'USD',
      quantity: 1,
      trialStartedAt: null,
      trialEndsAt: null,
      currentPeriodEndsAt: '2026-12-01T00:00:00.000Z',
      activatedAt: '2026-11-01T00:00:00.000Z',
      canceledAt: null,
      expiresAt: null,
      subscriptionCreatedAt: '2026-11-01T00:00:00.000Z',
      subscriptionUpdatedAt: '2026-11-01T00:00:00.000Z',
      accountCode: 'product-sub-subscriber',
      userId: subscriber.id,
    };
    await subscriptions.upsert(snapshot, NOW);

    const byCompany = await call<{ items: { email: string; subscription: unknown }[]; nextCursor: string | null }>({
      action: 'listUsers',
      search: 'northwind',
    });
    const admin = await call<{ items: { email: string; subscription: unknown }[] }>({ action: 'listUsers', search: 'ada.console' });

    expect(byCompany.body.items).toHaveLength(1);
    expect(byCompany.body.nextCursor).toBeNull();
    expect(byCompany.body.items[0]).toEqual(
      expect.objectContaining({
        email: 'quinn@northwind.example',
        status: 'ACTIVE',
        subscription: {
          state: 'active',
          planCode: 'professional_2weeksfree_monthly_onetimesetup_dev',
          currentPeriodEndsAt: '2026-12-01T00:00:00.000Z',
          trialEndsAt: null,
        },
      }),
    );
    expect(admin.body.items).toEqual([expect.objectContaining({ email: 'ada.console@example.com', subscription: null })]);
  });
});

describe('registration codes', () => {
  it('creates a code with the safe defaults: 80 random bits, 25 uses, 30 days', async () => {
    const answer = await call<{ code: { code: string; maxUses: number; expiresAt: string; standing: string; uses: number } }>({
      action: 'createRegistrationCode',
      group: 'Beta_Customer_R2',
    });

    expect(answer.status).toBe(201);
    expect(answer.body.code.code).toMatch(/^[A-Z0-9-]{16,}$/);
    expect(answer.body.code).toEqual(
      expect.objectContaining({
        group: 'Beta_Customer_R2',
        maxUses: 25,
        uses: 0,
        standing: 'admits_sign_ups',
        expiresAt: '2026-12-26T12:00:00.000Z',
      }),
    );
    // Who made it is logged; the code itself, a credential, is not.
    expect(logs.text()).toContain('Registration code created');
    expect(logs.text()).toContain(adminClaims.sub);
    expect(logs.text()).not.toContain(answer.body.code.code);
  });

  it('lists codes with their uses and standing, and expires one now', async () => {
    await services.addCode('CONSOLE-USED', 'Beta_Customer_R1', { maxUses: 2, uses: 2, createdAt: '2026-11-02T00:00:00.000Z' });
    await services.addCode('CONSOLE-LIVE', 'Beta_Customer_R3', { maxUses: 5, uses: 1, expiresAt: '2027-01-01T00:00:00.000Z' });

    const expired = await call<{ code: { standing: string; expiresAt: string } }>({
      action: 'expireRegistrationCode',
      code: 'console-live',
    });
    const listed = await call<{ items: { code: string; standing: string; uses: number }[] }>({ action: 'listRegistrationCodes' });

    expect(expired.status).toBe(200);
    expect(expired.body.code).toEqual(expect.objectContaining({ standing: 'expired', expiresAt: NOW.toISOString() }));
    const byCode = Object.fromEntries(listed.body.items.map((item) => [item.code, item]));
    expect(byCode['CONSOLE-USED']).toEqual(expect.objectContaining({ standing: 'used_up', uses: 2 }));
    expect(byCode['CONSOLE-LIVE']).toEqual(expect.objectContaining({ standing: 'expired', uses: 1 }));
    expect(listed.body.items[0].standing).toBe('admits_sign_ups');
    expect(listed.body).toMatchObject({ defaults: { maxUses: 25, validDays: 30 } });
  });

  it('refuses a code that exists (409), an unknown one to expire (404) and an expiry in the past (400)', async () => {
    const taken = await call({ action: 'createRegistrationCode', group: 'Beta_Customer_R1', code: 'CONSOLE-USED' });
    const unknown = await call({ action: 'expireRegistrationCode', code: 'NO-SUCH-CODE' });
    const past = await call({ action: 'createRegistrationCode', group: 'Beta_Customer_R1', expiresAt: '2020-01-01T00:00:00Z' });

    expect([taken.status, unknown.status, past.status]).toEqual([409, 404, 400]);
  });
});
