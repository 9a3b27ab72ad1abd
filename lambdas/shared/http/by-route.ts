import { NotFoundError } from '../errors';
import { httpHandler, type ApiGatewayHandler, type HttpHandlerOptions } from './handler';

/**
 * One Lambda serving several routes of a family (e.g. `POST /assistant/jobs` and `PATCH`/`DELETE
 * /assistant/jobs/{id}`, one `functionId` in lib/definitions/rest-routes.ts): the stack stays well
 * under CloudFormation's resource limit. Handlers are keyed as the route table names a route,
 * `<METHOD> <path>` (API Gateway's `httpMethod` and `resource`); API Gateway only forwards the
 * routes the table declares, and anything else is answered 404, as the gateway would.
 */
export function byRoute(handlers: Readonly<Record<string, ApiGatewayHandler>>, options?: HttpHandlerOptions): ApiGatewayHandler {
  const unknown = httpHandler(async () => {
    throw new NotFoundError('There is no such route.', { code: 'route_not_found' });
  }, options);
  return (event, context) => {
    const route = `${event.httpMethod} ${event.resource}`;
    return (Object.hasOwn(handlers, route) ? handlers[route] : unknown)(event, context);
  };
}
