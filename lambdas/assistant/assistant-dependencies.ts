import { randomUUID } from 'node:crypto';
import { TABLES } from '../../lib/definitions/tables';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { ENV } from '../shared/environment';
import type { SubscriberGateDependencies } from '../shared/http/subscriber-route';
import { SUBSCRIBER_ROUTE_ENVIRONMENT, subscriberGateDependencies } from '../shared/http/subscriber-route-dependencies';
import { createActivityRecorder, type ActivityRecorder } from '../shared/activity/activity-log';
import type { FirmLookups } from '../shared/organizations/caller-firm';
import { createOrganizationsRepository, type OrganizationsRepository } from '../shared/organizations/organizations-repository';
import * as z from '../shared/zod';
import { lazily } from '../shared/lazily';
import { readEnvironment, requiredNameVariable, type EnvironmentSource } from '../shared/read-environment';
import type { LanguageModel } from './engine/language-model';
import { createEvaluationsRepository, type EvaluationsRepository } from './store/evaluations-repository';
import { createJobsRepository, type JobsRepository } from './store/jobs-repository';
import { createResultsRepository, type ResultsRepository } from './store/results-repository';

/** What every assistant handler works with (tests pass their own, on dynalite). */
export interface AssistantDependencies extends SubscriberGateDependencies {
  /** The gate's lookups, and the firm's team (the firm's view of results reads its removed members). */
  readonly organizations: FirmLookups & Pick<OrganizationsRepository, 'getTeam'>;
  /** The firm's activity log: jobs saved and deleted, results generated and shared. */
  readonly activity: ActivityRecorder;
  readonly jobs: JobsRepository;
  readonly results: ResultsRepository;
  readonly evaluations: EvaluationsRepository;
  /** A new job id. */
  readonly newId: () => string;
}

/** The capability handlers also ask a language model. */
export interface CapabilityDependencies extends AssistantDependencies {
  readonly model: LanguageModel;
}

/**
 * The rate-limit bucket of the workspace routes (jobs and results): browsing, searching and tidying
 * them is counted apart from the capabilities' model calls, so it never spends the minute's budget
 * a recruiter has for the assistant itself (as the ATS routes' reads have their own, `ats`).
 */
export const WORKSPACE_RATE_LIMIT_BUCKET = 'workspace';

/**
 * The workspace's requests a minute, as a multiple of the assistant's: they are cheap reads and
 * writes, and one visit to the hub asks for the jobs and the results, each search or filter once
 * more (120 a minute with the default 30).
 */
export const WORKSPACE_RATE_LIMIT_FACTOR = 4;

/** The assistant's functions also record in the firm's activity log. */
const AssistantEnvironmentSchema = z.object({ ...SUBSCRIBER_ROUTE_ENVIRONMENT, [TABLES.activity.envVar]: requiredNameVariable });

/**
 * The dependencies from the handler's environment: `USERS_TABLE`, `SUBSCRIPTIONS_TABLE`,
 * `ORGANIZATIONS_TABLE`, `ASSISTANT_TABLE`, `ACTIVITY_TABLE`, optionally `ASSISTANT_RATE_LIMIT_PER_MINUTE` and, in the local runtime,
 * `DYNAMODB_ENDPOINT`. Read on the first request, so a deployment mistake is a logged 500 naming
 * the variable.
 */
export function assistantDependenciesFromEnvironment(
  source: EnvironmentSource = process.env,
  /** The workspace's bucket by default; `null` counts in the capabilities' own. */
  rateLimitBucket: string | null = WORKSPACE_RATE_LIMIT_BUCKET,
): AssistantDependencies {
  const env = readEnvironment(AssistantEnvironmentSchema, source);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  const assistantTable = { client, tableName: env[TABLES.assistant.envVar] };
  return {
    ...(rateLimitBucket === null
      ? subscriberGateDependencies(env, client)
      : subscriberGateDependencies(env, client, rateLimitBucket, WORKSPACE_RATE_LIMIT_FACTOR * env[ENV.rateLimitPerMinute])),
    organizations: createOrganizationsRepository({ client, tableName: env[TABLES.organizations.envVar] }),
    activity: createActivityRecorder({ client, tableName: env[TABLES.activity.envVar] }),
    jobs: createJobsRepository(assistantTable),
    results: createResultsRepository(assistantTable),
    evaluations: createEvaluationsRepository(assistantTable),
    newId: () => randomUUID(),
  };
}

/** A capability handler's dependencies: the environment's, and the model `model()` builds (on first use). */
export function capabilityDependencies(model: () => LanguageModel): () => CapabilityDependencies {
  return lazily(() => ({ ...assistantDependenciesFromEnvironment(process.env, null), model: model() }));
}
