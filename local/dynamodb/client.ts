import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { REGION } from '../../lib/config';

/** Credentials dynalite accepts (it checks nothing); never real ones. */
export const LOCAL_AWS_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/**
 * A low-level DynamoDB client for the local dynalite endpoint; `requestHandler` replaces the HTTP
 * transport (the handler tests hand requests to dynalite in process).
 */
export function createLocalDynamoDbClient(endpoint: string, requestHandler?: DynamoDBClientConfig['requestHandler']): DynamoDBClient {
  // The SDK warns once per process that it will need Node 22 from 2027; locally that is noise.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new DynamoDBClient({ endpoint, region: REGION, credentials: LOCAL_AWS_CREDENTIALS, maxAttempts: 2, requestHandler });
}
