import {
  assistantResultSchema,
  type AssistantCapability,
  type AssistantOutputs,
  type AssistantResult,
  type AssistantResultResponse,
} from '../shared/contracts/assistant';
import type { User } from '../shared/contracts/user';
import * as z from '../shared/zod';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import type { CapabilityDependencies } from './assistant-dependencies';
import { subscriberRoute, type SubscriberRequest } from '../shared/http/subscriber-route';
import type { AssistantInputs } from './engine/language-model';
import { timeOrderedId } from './store/assistant-items';

/**
 * One capability route: the request (checked by {@link subscriberRoute}) is turned into the
 * capability's input (the caller's stored job resolved first), the language model answers, and
 * the answer becomes an {@link AssistantResult}: checked against the contract before it leaves,
 * stored in the caller's history (private until they share it with their firm), recorded in the
 * firm's activity log as `result.generated`, answered as `{ result }`.
 */

/** What a route makes of its request before the model runs. */
export interface PreparedCapability<C extends AssistantCapability> {
  readonly input: AssistantInputs[C];
  /** The job the result is about, when any. */
  readonly jobId: string | null;
  /** That job's title, for the firm's activity log (a requisition's title is the firm's, never candidate text). */
  readonly jobTitle?: string | undefined;
  /** The history's label, from the input or the answer. */
  readonly label: string | ((output: AssistantOutputs[C]) => string);
}

export interface CapabilityRouteSpec<C extends AssistantCapability, S extends z.core.$ZodType> {
  readonly capability: C;
  readonly request: S;
  readonly prepare: (request: SubscriberRequest<CapabilityDependencies, z.output<S>>) => Promise<PreparedCapability<C>>;
  /** Runs once the result is stored (e.g. evaluations record the candidate's latest score). */
  readonly afterStored?: (
    deps: CapabilityDependencies,
    user: User,
    result: AssistantResult<C>,
    prepared: PreparedCapability<C>,
  ) => Promise<void>;
}

/** History labels stay short: the list shows one line each. */
const LABEL_MAX_CHARS = 120;

function shortLabel(label: string): string {
  const flat = label.replace(/\s+/g, ' ').trim();
  return flat.length <= LABEL_MAX_CHARS ? flat : `${flat.slice(0, LABEL_MAX_CHARS - 1).trimEnd()}…`;
}

export function capabilityRoute<C extends AssistantCapability, S extends z.core.$ZodType>(
  spec: CapabilityRouteSpec<C, S>,
  dependencies: () => CapabilityDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  const resultSchema = assistantResultSchema(spec.capability);
  return subscriberRoute(
    {
      from: 'body',
      schema: spec.request,
      feature: spec.capability,
      run: async (request) => {
        const { deps, user, firm } = request;
        const prepared = await spec.prepare(request as SubscriberRequest<CapabilityDependencies, z.output<S>>);
        const answer = await deps.model.run(spec.capability, prepared.input);
        const createdAt = deps.now();
        const label = typeof prepared.label === 'function' ? prepared.label(answer.output) : prepared.label;
        // An answer outside the contract is our bug: a logged 500, nothing stored.
        const result = z.parse(resultSchema, {
          id: timeOrderedId(createdAt),
          capability: spec.capability,
          jobId: prepared.jobId,
          label: shortLabel(label) || 'Untitled',
          engine: answer.engine,
          createdAt: createdAt.toISOString(),
          output: answer.output,
        }) as AssistantResult<C>;
        await deps.results.append(user.id, result, firm.id);
        await spec.afterStored?.(deps, user, result, prepared);
        // Who generated what for which job: ids, the capability and the job's title, no text of the result or the request.
        await deps.activity.record({
          organizationId: firm.id,
          actorId: user.id,
          action: 'result.generated',
          subject: { kind: 'result', id: result.id },
          details: {
            capability: spec.capability,
            ...(prepared.jobId !== null ? { jobId: prepared.jobId } : {}),
            ...(prepared.jobTitle ? { jobTitle: prepared.jobTitle } : {}),
          },
        });
        const body: AssistantResultResponse<C> = { result };
        return { body };
      },
    },
    dependencies,
    options,
  );
}
