import { ShareResultRequestSchema, type ShareResultResponse } from '../shared/contracts/assistant';
import { personName } from '../shared/contracts/user';
import { NotFoundError } from '../shared/errors';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { subscriberRoute } from '../shared/http/subscriber-route';
import type { AssistantDependencies } from './assistant-dependencies';
import { RESULT_NOT_FOUND_MESSAGE } from './delete-result';

/**
 * `POST /assistant/results/share` `{ resultId, shared }` (subscribers): shares one of the caller's
 * results with their firm, or stops sharing it. Only the caller's own results can be named (any
 * other id: 404 `result_not_found`, as for an id that never existed); the copy goes to the caller's
 * current firm. Recorded in the firm's activity as `result.shared` / `result.unshared`.
 */
export function createShareResultHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      from: 'body',
      schema: ShareResultRequestSchema,
      run: async ({ deps, user, firm, input }) => {
        const sharing = { firmId: firm.id, author: { userId: user.id, name: personName(user) } };
        const result = await deps.results.setShared(
          user.id,
          input.resultId,
          input.shared ? { ...sharing, shared: true, at: deps.now().toISOString() } : { ...sharing, shared: false },
        );
        if (!result) throw new NotFoundError(RESULT_NOT_FOUND_MESSAGE, { code: 'result_not_found' });
        await deps.activity.record({
          organizationId: firm.id,
          actorId: user.id,
          action: input.shared ? 'result.shared' : 'result.unshared',
          subject: { kind: 'result', id: result.id },
          details: { capability: result.capability, ...(result.jobId !== null ? { jobId: result.jobId } : {}) },
        });
        const body: ShareResultResponse = { result };
        return { body };
      },
    },
    dependencies,
    options,
  );
}
