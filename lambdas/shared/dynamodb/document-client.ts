import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface DocumentClientOptions {
  /** `DYNAMODB_ENDPOINT`: the local runtime's dynalite; absent in AWS. */
  readonly endpoint?: string;
  /** Absent: the SDK's default (`AWS_REGION` in Lambda). */
  readonly region?: string;
  /** Absent: the SDK's default chain (the Lambda role in AWS). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/**
 * The DynamoDB document client the repositories use: undefined attributes are dropped, so
 * optional fields are left out of items instead of failing the write. Create one per module.
 */
export function createDocumentClient(options: DocumentClientOptions = {}): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.region ? { region: options.region } : {}),
    ...(options.credentials ? { credentials: { ...options.credentials } } : {}),
  });
  return documentClientFor(client);
}

/** The same document client on a DynamoDB client made elsewhere (the local runtime's, a test's). */
export function documentClientFor(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

/** Whether a DynamoDB call failed on its condition expression. */
export function isConditionalCheckFailed(error: unknown): boolean {
  return (error as { name?: string } | undefined)?.name === 'ConditionalCheckFailedException';
}
