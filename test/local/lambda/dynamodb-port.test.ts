import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { createLocalDynamoDbClient } from '../../../local/dynamodb/client';
import { startDynalite, type RunningDynalite } from '../../../local/dynamodb/dynalite';
import { bundleLambda, type LambdaBundle } from '../../../local/lambda/bundle';
import { createLambdaFunction, type LambdaFunction } from '../../../local/lambda/host';
import type { DynamoDbProbeEvent, DynamoDbProbeResult } from '../fixtures/lambdas/dynamodb-probe';
import { temporaryFolder } from '../support/local-services';

/**
 * A local Lambda container's DynamoDB clients for the runtime's dynalite endpoint reach dynalite
 * in process, over a MessagePort (local/lambda/dynamodb-port-handler.js): the same tables and the
 * same answers, refusals included, as over HTTP; clients for any other endpoint still use HTTP.
 */

/** Nothing listens here: a client for it gets an answer only through the port. */
const UNREACHABLE_ENDPOINT = 'http://127.0.0.1:9';

const buildDir = temporaryFolder('lambda-dynamodb-port');
let probe: LambdaBundle;
let dynalite: RunningDynalite;
let lambda: LambdaFunction;

beforeAll(async () => {
  [probe, dynalite] = await Promise.all([
    bundleLambda('DynamoDbProbeFunction', 'test/local/fixtures/lambdas/dynamodb-probe.ts', buildDir.path),
    startDynalite({ port: 0 }),
  ]);
  const client = createLocalDynamoDbClient(dynalite.endpoint);
  await client.send(
    new CreateTableCommand({
      TableName: 'probe-table',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    }),
  );
  client.destroy();
  lambda = createLambdaFunction({
    bundle: probe,
    functionName: 'talentpilot-local-DynamoDbProbeFunction',
    environment: {},
    dynamodb: { endpoint: UNREACHABLE_ENDPOINT, listener: dynalite.requestListener },
  });
}, 30_000);

afterAll(async () => {
  await lambda?.stop();
  await dynalite?.stop();
  buildDir.remove();
});

const probeAt = (endpoint: string) => lambda.invoke({ endpoint } satisfies DynamoDbProbeEvent) as Promise<DynamoDbProbeResult>;

describe("a local Lambda container's DynamoDB clients", () => {
  it('reach the runtime’s dynalite in process when created for its endpoint, its refusals named as over HTTP', async () => {
    expect(await probeAt(UNREACHABLE_ENDPOINT)).toEqual({ tables: ['probe-table'], missingTableError: 'ResourceNotFoundException' });
  });

  it('use HTTP when created for another endpoint', async () => {
    expect(await probeAt(dynalite.endpoint)).toEqual({ tables: ['probe-table'], missingTableError: 'ResourceNotFoundException' });
    await expect(probeAt('http://127.0.0.1:10')).rejects.toThrow(/ECONNREFUSED/);
  });
});
