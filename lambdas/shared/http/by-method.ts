import { NotFoundError } from '../errors';
import { httpHandler, type ApiGatewayHandler, type HttpHandlerOptions } from './handler';

/**
 * One Lambda serving several methods of a route family (e.g. `POST /assistant/jobs` and
 * `PATCH`/`DELETE /assistant/jobs/{id}`, one `functionId` in lib/definitions/rest-routes.ts): the
 * stack stays well under CloudFormation's resource limit. API Gateway only forwards the methods
 * the route table declares; anything else is answered 404, as the gateway would.
 */
export function byMethod(handlers: Readonly<Record<string, ApiGatewayHandler>>, options?: HttpHandlerOptions): ApiGatewayHandler {
  const unknown = httpHandler(async () => {
    throw new NotFoundError('There is no such route.', { code: 'route_not_found' });
  }, options);
  return (event, context) => (Object.hasOwn(handlers, event.httpMethod) ? handlers[event.httpMethod] : unknown)(event, context);
}
