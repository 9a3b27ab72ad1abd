import { documentClientFor } from '../../lambdas/shared/dynamodb/document-client';
import { createOrganizationsRepository } from '../../lambdas/shared/organizations/organizations-repository';
import { newUserRecord } from '../../lambdas/shared/users/new-user-record';
import { createUsersRepository } from '../../lambdas/shared/users/users-repository';
import { startLocalRuntime, type LocalRuntime } from '../../local/runtime';
import { temporaryFolder } from './support/local-services';
import { fixtureWebDist } from './support/web-dist';

/** The local runtime migrates its stored users to organizations (issue 18) when it starts. */

const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };
const dist = fixtureWebDist();
const dataDir = temporaryFolder('local-organizations');
let running: LocalRuntime | undefined;

async function start(): Promise<LocalRuntime> {
  // About stored data only: no user pool, and the functions load on their first call.
  running = await startLocalRuntime({
    dataDir: dataDir.path,
    ports: FREE_PORTS,
    webDistDir: dist.path,
    webBuild: 'never',
    warmFunctions: false,
    identity: false,
  });
  return running;
}

afterAll(async () => {
  await running?.stop();
  dataDir.remove();
  dist.remove();
}, 30_000);

it('gives a user stored by an earlier run an organization of their own at the next start, once', async () => {
  const first = await start();
  const client = documentClientFor(first.dynamodb);
  await createUsersRepository({ client, tableName: first.endpoints.tables.users }).putIfAbsent(
    newUserRecord({
      id: 'local-user-1',
      email: 'kept@example.com',
      details: { firstName: 'Kim', lastName: 'Lee', companyName: 'Kept Staffing' },
      now: new Date('2026-01-01T00:00:00Z'),
    }),
  );
  await first.stop();

  const second = await start();
  const organizations = createOrganizationsRepository({
    client: documentClientFor(second.dynamodb),
    tableName: second.endpoints.tables.organizations,
  });
  const membership = await organizations.activeMembershipOf('local-user-1');
  expect(membership).toMatchObject({ userId: 'local-user-1', role: 'owner', state: 'active' });
  const created = await organizations.getOrganization(membership!.organizationId);
  expect(created).toMatchObject({ name: 'Kept Staffing', seats: 1, ownerId: 'local-user-1' });
  await second.stop();

  const third = await start();
  const again = createOrganizationsRepository({
    client: documentClientFor(third.dynamodb),
    tableName: third.endpoints.tables.organizations,
  });
  expect(await again.membershipsOf('local-user-1')).toEqual([membership]);
  expect(await again.getOrganization(membership!.organizationId)).toEqual(created);
}, 180_000);
