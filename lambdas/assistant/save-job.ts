import { SaveJobRequestSchema, SaveJobResponseSchema, type Job, type Requirement } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { assistantDependenciesFromEnvironment, type AssistantDependencies } from './assistant-dependencies';
import { subscriberRoute } from '../shared/http/subscriber-route';
import { classifyRequirement } from './domain/must-haves';

/**
 * `POST /assistant/jobs` (subscribers): saves a job with its confirmed must-haves and
 * nice-to-haves. Without `id` a new job (201; 409 past the per-user limit); with `id` the
 * caller's job of that id is replaced (200; 404 when they have none: another user's id is
 * unknown here). Requirement kinds are inferred from their text; repeated requirements are kept once.
 */
export function createSaveJobHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      from: 'body',
      schema: SaveJobRequestSchema,
      run: async ({ deps, user, input }) => {
        const now = deps.now().toISOString();
        const job: Job = {
          id: input.id ?? deps.newId(),
          title: input.title,
          companyInfo: input.companyInfo ?? '',
          description: input.description,
          location: input.location ?? '',
          mustHaves: requirements(input.mustHaves),
          niceToHaves: requirements(input.niceToHaves),
          createdAt: now,
          updatedAt: now,
        };
        if (input.id !== undefined)
          return { statusCode: 200, body: SaveJobResponseSchema.parse({ job: await deps.jobs.replace(user.id, job) }) };
        return { statusCode: 201, body: SaveJobResponseSchema.parse({ job: await deps.jobs.create(user.id, job) }) };
      },
    },
    dependencies,
    options,
  );
}

/** Each requirement once (case and spacing ignored), with its kind. */
function requirements(texts: readonly string[]): Requirement[] {
  const seen = new Set<string>();
  const kept: Requirement[] = [];
  for (const text of texts) {
    const key = text.replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ text, kind: classifyRequirement(text) });
  }
  return kept;
}

export const handler = createSaveJobHandler(lazily(() => assistantDependenciesFromEnvironment()));
