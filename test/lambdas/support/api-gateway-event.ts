import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { callerIdentity } from '../../../local/rest/proxy-event';

/** Builds API Gateway v1 proxy events the way API Gateway (stage `prod`) sends them. */
export interface EventInput {
  readonly method?: string;
  readonly resource?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | null;
  readonly isBase64Encoded?: boolean;
}

export function apiGatewayEvent(input: EventInput = {}): APIGatewayProxyEvent {
  const method = input.method ?? 'GET';
  const resource = input.resource ?? '/subscription/plans';
  const path = input.path ?? resource;
  const headers = input.headers ?? {};
  return {
    resource,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, [value]])),
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: input.body ?? null,
    isBase64Encoded: input.isBase64Encoded ?? false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'localapi01',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: method,
      identity: callerIdentity('127.0.0.1', 'jest'),
      path: `/prod${path}`,
      stage: 'prod',
      requestId: 'api-gateway-request-id',
      requestTimeEpoch: Date.now(),
      resourceId: 'abc123',
      resourcePath: resource,
    },
  };
}

let invocation = 0;

/** A Lambda context with a fresh `awsRequestId`. */
export function lambdaContext(awsRequestId = `request-${++invocation}`): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: 'GetPlansFunction',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-2:123456789012:function:GetPlansFunction',
    memoryLimitInMB: '256',
    awsRequestId,
    logGroupName: '/aws/lambda/GetPlansFunction',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
