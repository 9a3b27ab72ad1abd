import type { ApiGatewayHandler } from '../../../lambdas/shared/http/handler';
import { lambdaContext } from '../support/api-gateway-event';
import { loadHandler } from '../support/load-handler';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { startIdentityServices, type IdentityServices } from '../support/identity-services';
import { adminEvent, realAdminClaims, WEB_ORIGIN } from './support/admin-events';

/** The admin handlers as Lambda loads them: dependencies from the environment the constructs set. */

function load(file: 'create-user' | 'remove-user' | 'get-user' | 'admin-console'): ApiGatewayHandler {
  return loadHandler(`lambdas/admin/${file}.ts`);
}

let services: IdentityServices;
let logs: CapturedLogs;
let adminClaims: Record<string, string>;
const saved = { ...process.env };

beforeAll(async () => {
  services = await startIdentityServices();
  adminClaims = await realAdminClaims(services, 'ada.deployed@example.com');
});
afterAll(() => services.stop());
beforeEach(() => {
  logs = captureLogs();
  Object.assign(process.env, {
    ALLOWED_ORIGINS: WEB_ORIGIN,
    USER_POOL_ID: services.cognito.userPoolId,
    USERS_TABLE: services.tableNames.users,
    COGNITO_ENDPOINT: services.cognito.endpoint,
    DYNAMODB_ENDPOINT: services.dynamodbEndpoint,
    AWS_REGION: 'us-east-2',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
});
afterEach(() => {
  logs.restore();
  process.env = { ...saved };
});

describe('admin handlers as deployed', () => {
  it('invite, look up and remove with USER_POOL_ID, USERS_TABLE (and the local endpoints)', async () => {
    const created = await load('create-user')(
      adminEvent(
        '/admin/user/create',
        {
          email: 'env@example.com',
          firstName: 'En',
          lastName: 'Vee',
          companyName: 'Env Co',
          group: 'Beta_Customer_R3',
        },
        adminClaims,
      ),
      lambdaContext(),
    );
    expect(created.statusCode).toBe(201);
    const { username } = (JSON.parse(created.body) as { cognito: { username: string } }).cognito;

    expect((await load('get-user')(adminEvent('/admin/user', { username }, adminClaims), lambdaContext())).statusCode).toBe(200);
    expect((await load('remove-user')(adminEvent('/admin/user/remove', { username }, adminClaims), lambdaContext())).statusCode).toBe(200);
    expect((await services.users.getById(username))?.status).toBe('REMOVED');
  });

  it('answers a generic 500, and logs the missing variable, when USER_POOL_ID is not set', async () => {
    delete process.env.USER_POOL_ID;
    const response = await load('get-user')(adminEvent('/admin/user', { username: 'anyone' }), lambdaContext());
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('USER_POOL_ID');
    expect(logs.text()).toContain('USER_POOL_ID is not set');
  });

  it('the console reads its four tables from CONTACTS_TABLE, SUBSCRIPTIONS_TABLE and REGISTRATION_CODES_TABLE besides USERS_TABLE', async () => {
    Object.assign(process.env, {
      CONTACTS_TABLE: services.tableNames.contacts,
      SUBSCRIPTIONS_TABLE: services.tableNames.subscriptions,
      REGISTRATION_CODES_TABLE: services.tableNames.registrationCodes,
    });
    await services.addCode('DEPLOYED-CONSOLE', 'Beta_Customer_R1');

    const codes = await load('admin-console')(
      adminEvent('/admin/console', { action: 'listRegistrationCodes' }, adminClaims),
      lambdaContext(),
    );
    const users = await load('admin-console')(
      adminEvent('/admin/console', { action: 'listUsers', search: 'ada.deployed' }, adminClaims),
      lambdaContext(),
    );

    expect(codes.statusCode).toBe(200);
    expect(JSON.parse(codes.body).items).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'DEPLOYED-CONSOLE' })]));
    expect(JSON.parse(users.body)).toEqual({ nextCursor: null, items: [expect.objectContaining({ email: 'ada.deployed@example.com' })] });
  });

  it('the console answers a generic 500, and logs the missing variable, when CONTACTS_TABLE is not set', async () => {
    const response = await load('admin-console')(adminEvent('/admin/console', { action: 'listContacts' }, adminClaims), lambdaContext());
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('CONTACTS_TABLE');
    expect(logs.text()).toContain('CONTACTS_TABLE is not set');
  });
});
