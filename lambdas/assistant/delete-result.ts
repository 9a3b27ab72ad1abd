import { DeleteResultRequestSchema, type DeleteResultResponse } from '../shared/contracts/assistant';
import { NotFoundError } from '../shared/errors';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { subscriberRoute } from '../shared/http/subscriber-route';
import type { AssistantDependencies } from './assistant-dependencies';

export const RESULT_NOT_FOUND_MESSAGE = 'We could not find that result. It may have been deleted already.';

/**
 * `POST /assistant/results/delete` `{ resultId }` (subscribers): removes one of the caller's
 * results (and its copy in the firm's view, when shared). Only the caller's own results can be
 * named, so another user's id is simply not found (404 `result_not_found`), the same answer as an
 * id that never existed.
 */
export function createDeleteResultHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      from: 'body',
      schema: DeleteResultRequestSchema,
      run: async ({ deps, user, firm, input }) => {
        const author = { userId: user.id, name: '' };
        // A shared result is unshared first: deleting it takes it from the firm's view too.
        if (!(await deps.results.setShared(user.id, input.resultId, { firmId: firm.id, author, shared: false })))
          throw new NotFoundError(RESULT_NOT_FOUND_MESSAGE, { code: 'result_not_found' });
        if (!(await deps.results.remove(user.id, input.resultId)))
          throw new NotFoundError(RESULT_NOT_FOUND_MESSAGE, { code: 'result_not_found' });
        const body: DeleteResultResponse = { deleted: { resultId: input.resultId } };
        return { body };
      },
    },
    dependencies,
    options,
  );
}
