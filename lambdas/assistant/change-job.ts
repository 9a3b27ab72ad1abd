import { DeleteJobResponseSchema, JobPathSchema, SaveJobResponseSchema, UpdateJobRequestSchema } from '../shared/contracts/assistant';
import { validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { subscriberRoute } from '../shared/http/subscriber-route';
import type { AssistantDependencies } from './assistant-dependencies';
import { jobViewFor, recordJobActivity, requireChangeableJob } from './assistant-jobs';

/** The `{id}` of `/assistant/jobs/{id}`, checked like every id a request gives (400 otherwise). */
function jobIdOf(pathParameters: Readonly<Record<string, string | undefined>>): string {
  return validateBody({ id: pathParameters.id }, JobPathSchema).id;
}

/**
 * `PATCH /assistant/jobs/{id}` (subscribers): renames one of the firm's jobs, archives it (hidden
 * from the job pickers) or restores it. 404 when the firm has no job by that id (another firm's
 * included); 403 when the caller may not change it (its creator, admins and the owner may).
 */
export function createUpdateJobHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      from: 'body',
      schema: UpdateJobRequestSchema,
      run: async ({ deps, user, firm, input, pathParameters }) => {
        const id = jobIdOf(pathParameters);
        await requireChangeableJob(deps, firm, user.id, id);
        const job = await deps.jobs.update(firm.id, id, input, deps.now().toISOString());
        await recordJobActivity(deps, firm, user.id, 'job.saved', job);
        return { body: SaveJobResponseSchema.parse({ job: jobViewFor(firm, user.id, job) }) };
      },
    },
    dependencies,
    options,
  );
}

/**
 * `DELETE /assistant/jobs/{id}` (subscribers): deletes one of the firm's jobs. Its results stay in
 * the histories (each keeps its own label) until they expire or are deleted there:
 * docs/decisions.md. 404 when the firm has no job by that id (another firm's included); 403 when
 * the caller may not delete it (its creator, admins and the owner may).
 */
export function createDeleteJobHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      run: async ({ deps, user, firm, pathParameters }) => {
        const id = jobIdOf(pathParameters);
        const job = await requireChangeableJob(deps, firm, user.id, id);
        await deps.jobs.remove(firm.id, id);
        await recordJobActivity(deps, firm, user.id, 'job.deleted', job);
        return { body: DeleteJobResponseSchema.parse({ deleted: id }) };
      },
    },
    dependencies,
    options,
  );
}
