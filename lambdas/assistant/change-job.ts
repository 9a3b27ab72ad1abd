import { DeleteJobResponseSchema, JobPathSchema, SaveJobResponseSchema, UpdateJobRequestSchema } from '../shared/contracts/assistant';
import { validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { subscriberRoute } from '../shared/http/subscriber-route';
import type { AssistantDependencies } from './assistant-dependencies';

/** The `{id}` of `/assistant/jobs/{id}`, checked like every id a request gives (400 otherwise). */
function jobIdOf(pathParameters: Readonly<Record<string, string | undefined>>): string {
  return validateBody({ id: pathParameters.id }, JobPathSchema).id;
}

/**
 * `PATCH /assistant/jobs/{id}` (subscribers): renames the caller's job, archives it (hidden from
 * the job pickers) or restores it. 404 when they have no job by that id (another user's included).
 */
export function createUpdateJobHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      from: 'body',
      schema: UpdateJobRequestSchema,
      run: async ({ deps, user, input, pathParameters }) => {
        const job = await deps.jobs.update(user.id, jobIdOf(pathParameters), input, deps.now().toISOString());
        return { body: SaveJobResponseSchema.parse({ job }) };
      },
    },
    dependencies,
    options,
  );
}

/**
 * `DELETE /assistant/jobs/{id}` (subscribers): deletes the caller's job. Its results stay in the
 * history (each keeps its own label) until they expire or are deleted there: docs/decisions.md.
 * 404 when they have no job by that id (another user's included).
 */
export function createDeleteJobHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      run: async ({ deps, user, pathParameters }) => {
        const id = jobIdOf(pathParameters);
        await deps.jobs.remove(user.id, id);
        return { body: DeleteJobResponseSchema.parse({ deleted: id }) };
      },
    },
    dependencies,
    options,
  );
}
