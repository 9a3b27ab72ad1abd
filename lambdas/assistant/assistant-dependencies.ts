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
import { createJobReader, createJobsRepository, type JobReader, type JobsRepository } from './store/jobs-repository';
import { createResultRecords, createResultsRepository, type ResultRecords, type ResultsRepository } from './store/results-repository';

/** What every assistant handler works with: the gate's, and the firm's activity log. */
interface AssistantGateDependencies extends SubscriberGateDependencies {
  /** The firm's activity log: jobs saved and deleted, results generated and shared. */
  readonly activity: ActivityRecorder;
}

/** What the workspace's handlers (jobs, results) work with (tests pass their own, on dynalite). */
export interface AssistantDependencies extends AssistantGateDependencies {
  /** The gate's lookups, and the firm's team (the firm's view of results reads its removed members). */
  readonly organizations: FirmLookups & Pick<OrganizationsRepository, 'getTeam'>;
  readonly jobs: JobsRepository;
  readonly results: ResultsRepository;
  readonly evaluations: EvaluationsRepository;
  /** A new job id. */
  readonly newId: () => string;
}

/**
 * What the capability handlers work with: a language model, and only the stores' operations they
 * use (a firm's job read, a result stored or read, the latest evaluations), so their bundles do not
 * carry the workspace's listing, saving and sharing.
 */
export interface CapabilityDependencies extends AssistantGateDependencies {
  readonly jobs: JobReader;
  readonly results: ResultRecords;
  readonly evaluations: EvaluationsRepository;
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
 * What both families read from the handler's environment: `USERS_TABLE`, `SUBSCRIPTIONS_TABLE`,
 * `ORGANIZATIONS_TABLE`, `ASSISTANT_TABLE`, `ACTIVITY_TABLE`, optionally
 * `ASSISTANT_RATE_LIMIT_PER_MINUTE` and, in the local runtime, `DYNAMODB_ENDPOINT`. Read on the
 * first request, so a deployment mistake is a logged 500 naming the variable.
 */
function assistantEnvironment(source: EnvironmentSource, rateLimitBucket: string | null) {
  const env = readEnvironment(AssistantEnvironmentSchema, source);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  const gate: AssistantGateDependencies = {
    ...(rateLimitBucket === null
      ? subscriberGateDependencies(env, client)
      : subscriberGateDependencies(env, client, rateLimitBucket, WORKSPACE_RATE_LIMIT_FACTOR * env[ENV.rateLimitPerMinute])),
    activity: createActivityRecorder({ client, tableName: env[TABLES.activity.envVar] }),
  };
  return { env, client, gate, assistantTable: { client, tableName: env[TABLES.assistant.envVar] } };
}

/** The workspace handlers' dependencies from the environment, counted in the workspace's rate-limit bucket. */
export function assistantDependenciesFromEnvironment(source: EnvironmentSource = process.env): AssistantDependencies {
  const { env, client, gate, assistantTable } = assistantEnvironment(source, WORKSPACE_RATE_LIMIT_BUCKET);
  return {
    ...gate,
    organizations: createOrganizationsRepository({ client, tableName: env[TABLES.organizations.envVar] }),
    jobs: createJobsRepository(assistantTable),
    results: createResultsRepository(assistantTable),
    evaluations: createEvaluationsRepository(assistantTable),
    newId: () => randomUUID(),
  };
}

/** A capability handler's dependencies from the environment, counted in the capabilities' own rate-limit bucket. */
export function capabilityDependenciesFromEnvironment(
  model: LanguageModel,
  source: EnvironmentSource = process.env,
): CapabilityDependencies {
  const { gate, assistantTable } = assistantEnvironment(source, null);
  return {
    ...gate,
    jobs: createJobReader(assistantTable),
    results: createResultRecords(assistantTable),
    evaluations: createEvaluationsRepository(assistantTable),
    model,
  };
}

/** A capability handler's dependencies: the environment's, and the model `model()` builds (on first use). */
export function capabilityDependencies(model: () => LanguageModel): () => CapabilityDependencies {
  return lazily(() => capabilityDependenciesFromEnvironment(model()));
}
