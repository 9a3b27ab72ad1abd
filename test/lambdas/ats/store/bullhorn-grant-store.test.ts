import { randomBytes } from 'node:crypto';
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AtsError } from '../../../../lambdas/ats/ats-port';
import { createBullhornConnector } from '../../../../lambdas/ats/connectors/bullhorn';
import { findBullhornDataCentre } from '../../../../lambdas/ats/connectors/bullhorn-session';
import { createLocalCipher } from '../../../../lambdas/ats/credentials/local-cipher';
import { ATS_TABLE_DEFINITION } from '../../../../lambdas/ats/store/ats-table';
import { BULLHORN_GRANT_ITEM_ID, createBullhornGrantStore } from '../../../../lambdas/ats/store/bullhorn-grant-store';
import { createDocumentClient } from '../../../../lambdas/shared/dynamodb/document-client';
import { createLocalDynamoDbClient, LOCAL_AWS_CREDENTIALS } from '../../../../local/dynamodb/client';
import { startDynalite, type RunningDynalite } from '../../../../local/dynamodb/dynalite';
import { createTableInput } from '../../../../local/dynamodb/tables';
import { startFakeBullhorn, type FakeBullhorn } from '../../../../local/ats/fake-bullhorn';

const TABLE = 'talentpilot-test-ats-bullhorn';
const CLIENT = { clientId: 'grant-store-client-0042', clientSecret: 'grant-store-secret-0042' };
let dynalite: RunningDynalite;
let client: DynamoDBDocumentClient;
let bullhorn: FakeBullhorn;
const cipher = createLocalCipher({ key: randomBytes(32) });

beforeAll(async () => {
  dynalite = await startDynalite({ port: 0 });
  const admin = createLocalDynamoDbClient(dynalite.endpoint);
  await admin.send(new CreateTableCommand(createTableInput(TABLE, ATS_TABLE_DEFINITION)));
  admin.destroy();
  client = createDocumentClient({ endpoint: dynalite.endpoint, region: 'us-east-2', credentials: LOCAL_AWS_CREDENTIALS });
  bullhorn = await startFakeBullhorn({ ...CLIENT, data: { jobOrders: [{ id: 1, title: 'Welder', isOpen: true, dateLastModified: 1 }] } });
});
afterAll(async () => {
  client.destroy();
  await Promise.all([dynalite.stop(), bullhorn.close()]);
});

const storeFor = (userId: string) => createBullhornGrantStore({ client, tableName: TABLE, cipher, userId });

describe("the Bullhorn grant's home: one sealed item in the user's ATS partition", () => {
  it('keeps the rotating refresh token sealed, rotated by every session, readable by its owner only', async () => {
    const grants = storeFor('recruiter-a');
    expect(await grants.read()).toBeNull();
    const dataCentre = await findBullhornDataCentre('api.user', {
      loginInfoRoot: bullhorn.loginInfoRoot,
      allowedOrigins: bullhorn.origins,
    });
    const first = bullhorn.issueRefreshToken();
    await grants.create({ ...dataCentre, refreshToken: first });

    const { Item } = await client.send(
      new GetCommand({ TableName: TABLE, Key: { userId: 'recruiter-a', itemId: BULLHORN_GRANT_ITEM_ID } }),
    );
    expect(Item!.grant).toMatch(/^enc:v1:local:/);
    expect(JSON.stringify(Item)).not.toContain(first);

    const connector = createBullhornConnector(
      { atsname: 'bullhorn', apikeytype: 'oauth2', apikey1: CLIENT.clientId, apikey2: CLIENT.clientSecret },
      { grants, allowedOrigins: bullhorn.origins },
    );
    await expect(connector.testConnection()).resolves.toEqual({ accountName: null });
    const rotated = await grants.read();
    expect(rotated).toMatchObject(dataCentre);
    expect(rotated!.refreshToken).not.toBe(first);

    // Copied into another user's partition, it does not open.
    await client.send(new PutCommand({ TableName: TABLE, Item: { ...Item, userId: 'recruiter-b' } }));
    await expect(storeFor('recruiter-b').read()).rejects.toThrow();
  });

  it('does not bring back a grant the recruiter removed while a sync was running', async () => {
    const grants = storeFor('recruiter-c');
    const error = await grants
      .save({
        oauthUrl: 'https://auth-west.bullhornstaffing.com/oauth',
        restUrl: 'https://rest-west.bullhornstaffing.com/rest-services',
        refreshToken: 'x',
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AtsError);
    expect(await grants.read()).toBeNull();
  });
});
