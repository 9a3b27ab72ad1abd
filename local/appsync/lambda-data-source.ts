import type { LambdaFunction } from '../lambda/host';
import { DataSourceError, InvalidRequestError, type DataSource } from './dynamodb-data-source';

/**
 * An AppSync Lambda data source over a local Lambda function (local/lambda/host.ts: the bundled
 * handler in its own container, with exactly its construct's environment). What AppSync does
 * (https://docs.aws.amazon.com/appsync/latest/devguide/resolver-reference-lambda-js.html): the
 * request is `{ operation: 'Invoke', payload, invocationType? }`; for `Invoke` the handler's
 * event is the payload and its answer is `ctx.result`; an `Event` invocation does not wait and
 * gives null; a handler that throws fails the call with `Lambda:Unhandled` in `ctx.error`.
 * `BatchInvoke` (field batching) is not used by any resolver and refused here.
 */
export function lambdaDataSource(lambda: Pick<LambdaFunction, 'invoke' | 'functionName'>): DataSource {
  return async (request) => {
    const { operation, payload, invocationType } = (request ?? {}) as { operation?: unknown; payload?: unknown; invocationType?: unknown };
    if (operation !== 'Invoke') {
      throw new InvalidRequestError(`Unsupported operation '${String(operation)}' for the Lambda data source (local runner: Invoke only).`);
    }
    if (invocationType !== undefined && invocationType !== 'RequestResponse' && invocationType !== 'Event') {
      throw new InvalidRequestError(`Unsupported invocationType '${String(invocationType)}'.`);
    }
    const invocation = lambda.invoke(payload === undefined ? null : payload);
    if (invocationType === 'Event') {
      invocation.catch((error: unknown) => console.error(`[appsync] ${lambda.functionName} (Event): ${(error as Error).message}`));
      return null;
    }
    try {
      return await invocation;
    } catch (error) {
      throw new DataSourceError((error as Error).message, 'Lambda:Unhandled');
    }
  };
}
