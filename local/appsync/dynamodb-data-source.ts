import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

/**
 * The DynamoDB data source of the local AppSync runner: translates the request objects that
 * APPSYNC_JS resolvers return (GetItem, PutItem, UpdateItem, DeleteItem, Query, Scan) into
 * low-level SDK calls against dynalite, and the answers into `ctx.result` as AppSync shapes them.
 * Values in requests are already AttributeValues (`util.dynamodb.toMapValues`).
 */

type AttributeMap = Record<string, AttributeValue>;

/** An expression block of a request object (`condition`, `update`, `query`, `filter`). */
interface ExpressionBlock {
  expression: string;
  expressionNames?: Record<string, string>;
  expressionValues?: AttributeMap;
  equalsIgnore?: string[];
}

/** A failed data-source call, as the response handler sees it in `ctx.error`. */
export class DataSourceError extends Error {
  override readonly name = 'DataSourceError';
  constructor(
    message: string,
    /** `DynamoDB:<ExceptionName>`, as AppSync reports it. */
    readonly type: string,
  ) {
    super(message);
  }
}

/** A request object AppSync itself would refuse (the resolver's mistake, not the data's). */
export class InvalidRequestError extends Error {
  override readonly name = 'InvalidRequestError';
}

export type DataSource = (request: unknown) => Promise<unknown>;

function invalid(message: string): never {
  throw new InvalidRequestError(message);
}

function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(`${what} must be an object`);
  return value as Record<string, unknown>;
}

function attributeMap(value: unknown, what: string): AttributeMap {
  const map = asRecord(value, what);
  for (const [name, attribute] of Object.entries(map)) {
    if (typeof attribute !== 'object' || attribute === null || Object.keys(attribute).length !== 1) {
      invalid(`${what}.${name} must be a DynamoDB AttributeValue such as {"S": "..."}; use util.dynamodb.toMapValues`);
    }
  }
  return map as AttributeMap;
}

function expressionBlock(value: unknown, what: string): ExpressionBlock | undefined {
  if (value === undefined || value === null) return undefined;
  const block = asRecord(value, what);
  if (typeof block.expression !== 'string' || block.expression.trim() === '') invalid(`${what}.expression must be a non-empty string`);
  return {
    expression: block.expression,
    expressionNames:
      block.expressionNames === undefined
        ? undefined
        : (asRecord(block.expressionNames, `${what}.expressionNames`) as Record<string, string>),
    expressionValues: block.expressionValues === undefined ? undefined : attributeMap(block.expressionValues, `${what}.expressionValues`),
    equalsIgnore: Array.isArray(block.equalsIgnore) ? (block.equalsIgnore as string[]) : undefined,
  };
}

/** Merges the names and values of several expression blocks into one set of SDK parameters. */
function expressionAttributes(...blocks: (ExpressionBlock | { expressionNames?: Record<string, string> } | undefined)[]) {
  const names: Record<string, string> = {};
  const values: AttributeMap = {};
  for (const block of blocks) {
    Object.assign(names, block?.expressionNames);
    if (block && 'expressionValues' in block) Object.assign(values, block.expressionValues);
  }
  return {
    ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
    ExpressionAttributeValues: Object.keys(values).length > 0 ? values : undefined,
  };
}

function projection(value: unknown): { expression: string; expressionNames?: Record<string, string> } | undefined {
  if (value === undefined || value === null) return undefined;
  const block = asRecord(value, 'projection');
  if (typeof block.expression !== 'string') invalid('projection.expression must be a string');
  return { expression: block.expression, expressionNames: block.expressionNames as Record<string, string> | undefined };
}

function optionalItem(item: AttributeMap | undefined): Record<string, unknown> | null {
  return item ? unmarshall(item) : null;
}

/**
 * Signs pagination tokens. AppSync's tokens are opaque and cannot be forged; without a signature
 * a client could hand DynamoDB any start key it likes (DynamoDB then answers with its own
 * internals). Per process: a token does not outlive the runtime that issued it.
 */
const NEXT_TOKEN_KEY = randomBytes(32);

function tokenSignature(payload: string): Buffer {
  return createHmac('sha256', NEXT_TOKEN_KEY).update(payload).digest();
}

/** AppSync's pagination token: opaque to clients; here the LastEvaluatedKey, base64url, signed. */
export function encodeNextToken(lastEvaluatedKey: AttributeMap | undefined): string | null {
  if (!lastEvaluatedKey) return null;
  const payload = Buffer.from(JSON.stringify(lastEvaluatedKey), 'utf8').toString('base64url');
  return `${payload}.${tokenSignature(payload).toString('base64url')}`;
}

function decodeNextToken(token: unknown): AttributeMap | undefined {
  if (token === undefined || token === null) return undefined;
  try {
    const [payload, signature, ...rest] = String(token).split('.');
    const given = Buffer.from(signature ?? '', 'base64url');
    const expected = tokenSignature(payload);
    if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('not signed by this API');
    return attributeMap(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), 'nextToken');
  } catch {
    throw new DataSourceError('Invalid nextToken: it was not returned by this API.', 'DynamoDB:DynamoDbException');
  }
}

function limit(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) invalid('limit must be a positive integer');
  return value;
}

/** DynamoDB's exception names as AppSync reports them in `ctx.error.type`. */
function toDataSourceError(error: unknown): DataSourceError {
  const failure = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number; requestId?: string } };
  const name = failure.name ?? 'DynamoDbException';
  // AppSync's DynamoDB client reports request validation problems as DynamoDbException.
  const type = name === 'ValidationException' ? 'DynamoDbException' : name;
  const status = failure.$metadata?.httpStatusCode ?? 400;
  const requestId = failure.$metadata?.requestId ?? 'local';
  return new DataSourceError(
    `${failure.message ?? name} (Service: DynamoDb, Status Code: ${status}, Request ID: ${requestId})`,
    `DynamoDB:${type}`,
  );
}

function withoutIgnored(item: Record<string, unknown> | null, ignored: readonly string[]): Record<string, unknown> | null {
  if (!item) return item;
  return Object.fromEntries(Object.entries(item).filter(([name]) => !ignored.includes(name)));
}

/**
 * A DynamoDB data source bound to one table. AppSync's behaviour on a failed condition is kept:
 * when the item already in the table equals the one the PutItem wanted to write (ignoring
 * `condition.equalsIgnore`), or a conditional DeleteItem finds nothing left, the call succeeds.
 */
export function dynamoDbDataSource(client: DynamoDBClient, tableName: string): DataSource {
  const send = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw toDataSourceError(error);
    }
  };
  const currentItem = async (key: AttributeMap) =>
    optionalItem((await send(() => client.send(new GetItemCommand({ TableName: tableName, Key: key, ConsistentRead: true })))).Item);

  return async (rawRequest) => {
    const request = asRecord(rawRequest, 'The request object');
    const operation = request.operation;
    switch (operation) {
      case 'GetItem': {
        const key = attributeMap(request.key, 'key');
        const projected = projection(request.projection);
        const answer = await send(() =>
          client.send(
            new GetItemCommand({
              TableName: tableName,
              Key: key,
              ConsistentRead: request.consistentRead === true,
              ProjectionExpression: projected?.expression,
              ExpressionAttributeNames: projected?.expressionNames,
            }),
          ),
        );
        return optionalItem(answer.Item);
      }
      case 'PutItem': {
        const key = attributeMap(request.key, 'key');
        const item: AttributeMap = { ...attributeMap(request.attributeValues ?? {}, 'attributeValues'), ...key };
        const condition = expressionBlock(request.condition, 'condition');
        try {
          await send(() =>
            client.send(
              new PutItemCommand({
                TableName: tableName,
                Item: item,
                ConditionExpression: condition?.expression,
                ...expressionAttributes(condition),
              }),
            ),
          );
        } catch (error) {
          if (condition && error instanceof DataSourceError && error.type === 'DynamoDB:ConditionalCheckFailedException') {
            const ignored = condition.equalsIgnore ?? [];
            if (isDeepStrictEqual(withoutIgnored(await currentItem(key), ignored), withoutIgnored(unmarshall(item), ignored))) {
              return unmarshall(item);
            }
          }
          throw error;
        }
        return unmarshall(item);
      }
      case 'UpdateItem': {
        const key = attributeMap(request.key, 'key');
        const update = expressionBlock(request.update, 'update') ?? invalid('update is required for UpdateItem');
        const condition = expressionBlock(request.condition, 'condition');
        const answer = await send(() =>
          client.send(
            new UpdateItemCommand({
              TableName: tableName,
              Key: key,
              UpdateExpression: update.expression,
              ConditionExpression: condition?.expression,
              ReturnValues: 'ALL_NEW',
              ...expressionAttributes(update, condition),
            }),
          ),
        );
        return optionalItem(answer.Attributes);
      }
      case 'DeleteItem': {
        const key = attributeMap(request.key, 'key');
        const condition = expressionBlock(request.condition, 'condition');
        try {
          const answer = await send(() =>
            client.send(
              new DeleteItemCommand({
                TableName: tableName,
                Key: key,
                ConditionExpression: condition?.expression,
                ReturnValues: 'ALL_OLD',
                ...expressionAttributes(condition),
              }),
            ),
          );
          return optionalItem(answer.Attributes);
        } catch (error) {
          if (
            condition &&
            error instanceof DataSourceError &&
            error.type === 'DynamoDB:ConditionalCheckFailedException' &&
            !(await currentItem(key))
          ) {
            return null;
          }
          throw error;
        }
      }
      case 'Query':
      case 'Scan': {
        const query =
          operation === 'Query' ? (expressionBlock(request.query, 'query') ?? invalid('query is required for Query')) : undefined;
        const filter = expressionBlock(request.filter, 'filter');
        const projected = projection(request.projection);
        const common = {
          TableName: tableName,
          IndexName: typeof request.index === 'string' ? request.index : undefined,
          Limit: limit(request.limit),
          ExclusiveStartKey: decodeNextToken(request.nextToken),
          ConsistentRead: request.consistentRead === true ? true : undefined,
          FilterExpression: filter?.expression,
          ProjectionExpression: projected?.expression,
          Select: typeof request.select === 'string' ? (request.select as 'ALL_ATTRIBUTES') : undefined,
          ...expressionAttributes(query, filter, projected),
        };
        const answer = await send(() =>
          operation === 'Query'
            ? client.send(
                new QueryCommand({
                  ...common,
                  KeyConditionExpression: query?.expression,
                  ScanIndexForward: request.scanIndexForward === false ? false : undefined,
                }),
              )
            : client.send(
                new ScanCommand({
                  ...common,
                  Segment: typeof request.segment === 'number' ? request.segment : undefined,
                  TotalSegments: typeof request.totalSegments === 'number' ? request.totalSegments : undefined,
                }),
              ),
        );
        return {
          items: (answer.Items ?? []).map((item) => unmarshall(item)),
          nextToken: encodeNextToken(answer.LastEvaluatedKey),
          scannedCount: answer.ScannedCount ?? 0,
        };
      }
      default:
        return invalid(
          typeof operation === 'string'
            ? `operation "${operation}" is not supported by the local AppSync runner (GetItem, PutItem, UpdateItem, DeleteItem, Query, Scan)`
            : 'operation is required',
        );
    }
  };
}
