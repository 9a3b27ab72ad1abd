import * as z from '../shared/zod';
import { httpHandler, parseJsonBody, validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { requireAdmin } from './admin-caller';
import type { AdminActor, AdminUsersDependencies } from './admin-users';

/**
 * One admin REST route: the caller must be an admin now (401/403; the token's claim, their record
 * and the directory, `admin-caller.ts`) before the body is even read, then
 * the body is validated by the contract's schema (400 with one message per field), then the admin
 * function runs and its answer is checked against the response schema.
 */
export function adminRoute<Req extends z.core.$ZodType, Res extends z.core.$ZodType>(
  spec: {
    readonly request: Req;
    readonly response: Res;
    readonly statusCode: number;
    readonly run: (deps: AdminUsersDependencies, input: z.output<Req>, actor: AdminActor) => Promise<z.input<Res>>;
  },
  dependencies: () => AdminUsersDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const deps = dependencies();
    const actor = await requireAdmin(event, deps);
    const input = validateBody(parseJsonBody(event), spec.request);
    const result = await spec.run(deps, input, actor);
    return { statusCode: spec.statusCode, body: z.parse(spec.response, result) };
  }, options);
}
