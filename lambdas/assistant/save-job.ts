import { SaveJobRequestSchema, SaveJobResponseSchema, type Job, type Requirement } from '../shared/contracts/assistant';
import type { ApiGatewayHandler, HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { assistantDependenciesFromEnvironment, type AssistantDependencies } from './assistant-dependencies';
import { subscriberRoute } from '../shared/http/subscriber-route';
import { byRoute } from '../shared/http/by-route';
import { createDeleteJobHandler, createUpdateJobHandler } from './change-job';
import { findSameJob } from './domain/job-identity';
import { personName } from '../shared/contracts/user';
import { callerMayChangeJob, jobViewFor, recordJobActivity, requireChangeableJob } from './assistant-jobs';
import { classifyRequirement } from './domain/must-haves';

/**
 * `POST /assistant/jobs` (subscribers): saves a job of the caller's firm with its confirmed
 * must-haves and nice-to-haves. Without `id` a new job, created by the caller (201; 409 past the
 * per-firm limit); with `id` the firm's job of that id is replaced (200; 404 when the firm has
 * none: another firm's id is unknown here; 403 when the caller may not change it: its creator,
 * admins and the owner may). Without `id`, a job that reads the same as one of the firm's the
 * caller may change (domain/job-identity.ts) updates that one (200, restored if archived) instead
 * of adding a copy. Requirement kinds are inferred from their text; repeated requirements are
 * kept once. Recorded in the firm's activity as `job.saved`.
 */
export function createSaveJobHandler(dependencies: () => AssistantDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return subscriberRoute(
    {
      from: 'body',
      schema: SaveJobRequestSchema,
      run: async ({ deps, user, firm, input }) => {
        const now = deps.now().toISOString();
        const job: Job = {
          createdBy: { userId: user.id, name: personName(user) },
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
        let saved: { readonly job: Job; readonly statusCode: 200 | 201 };
        if (input.id !== undefined) {
          await requireChangeableJob(deps, firm, user.id, input.id);
          saved = { statusCode: 200, job: await deps.jobs.replace(firm.id, job) };
        } else {
          const changeable = (await deps.jobs.list(firm.id)).filter((stored) => callerMayChangeJob(firm, user.id, stored));
          const same = findSameJob(changeable, job);
          saved = same
            ? { statusCode: 200, job: await deps.jobs.replace(firm.id, savedOver(same, job)) }
            : { statusCode: 201, job: await deps.jobs.create(firm.id, job) };
        }
        await recordJobActivity(deps, firm, user.id, 'job.saved', saved.job);
        return { statusCode: saved.statusCode, body: SaveJobResponseSchema.parse({ job: jobViewFor(firm, user.id, saved.job) }) };
      },
    },
    dependencies,
    options,
  );
}

/**
 * A new save of a job the user already keeps: its id, and what the save leaves blank kept from
 * the stored job (a draft saved from another screen carries no requirements yet, and must not
 * erase the confirmed ones). Saving it again means using it again: it is no longer archived.
 */
function savedOver(stored: Job, job: Job): Job {
  const givesRequirements = job.mustHaves.length > 0 || job.niceToHaves.length > 0;
  return {
    ...job,
    id: stored.id,
    companyInfo: job.companyInfo || stored.companyInfo,
    location: job.location || stored.location,
    mustHaves: givesRequirements ? job.mustHaves : stored.mustHaves,
    niceToHaves: givesRequirements ? job.niceToHaves : stored.niceToHaves,
    archived: false,
  };
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

const dependencies = lazily(() => assistantDependenciesFromEnvironment());

/** The jobs' writes in one Lambda: save (`POST /assistant/jobs`), rename or archive (`PATCH`) and delete (`DELETE /assistant/jobs/{id}`). */
export const handler = byRoute({
  'POST /assistant/jobs': createSaveJobHandler(dependencies),
  'PATCH /assistant/jobs/{id}': createUpdateJobHandler(dependencies),
  'DELETE /assistant/jobs/{id}': createDeleteJobHandler(dependencies),
});
