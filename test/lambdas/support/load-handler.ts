import * as path from 'node:path';
import type { ApiGatewayHandler } from '../../../lambdas/shared/http/handler';

/**
 * A handler file loaded as Lambda loads it: a fresh module (its clients and settings built from
 * the current environment), not the copy other tests already imported.
 */
export function loadHandler(entry: string): ApiGatewayHandler {
  let loaded: { readonly handler: ApiGatewayHandler } | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<{ readonly handler: ApiGatewayHandler }>(path.resolve(__dirname, '../../..', entry));
  });
  return loaded!.handler;
}
