import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TableName } from '../../lib/definitions/tables';
import { classifyRequirement, proposeMustHaves } from '../../lambdas/assistant/domain/must-haves';
import { SAMPLE_JOBS, type SampleJob } from '../../lambdas/assistant/samples/sample-jobs';
import { createJobsRepository } from '../../lambdas/assistant/store/jobs-repository';
import type { Job, Requirement } from '../../lambdas/shared/contracts/assistant';
import { documentClientFor } from '../../lambdas/shared/dynamodb/document-client';
import { accountCode } from '../../lambdas/shared/domain/account-codes';
import { planCode } from '../../lambdas/shared/domain/plans';
import { liveSubscriptions } from '../../lambdas/shared/domain/subscription-access';
import { subscriptionSnapshot } from '../../lambdas/shared/subscriptions/subscription-record';
import { createSubscriptionsRepository } from '../../lambdas/shared/subscriptions/subscriptions-repository';
import { createUserSubscriptionLinks } from '../../lambdas/shared/subscriptions/user-subscription-links';
import { createLocalBilling } from '../../lambdas/subscription/billing/local-billing';
import type { LocalBillingStore } from '../../lambdas/subscription/billing/local-billing-store';
import { LOCAL_TEST_CARDS, tokenizeTestCard } from '../../lambdas/subscription/billing/local-test-cards';
import { newestOpenSubscription } from '../../lambdas/subscription/subscription-rules';
import { LOCAL_PLAN_CODE_SUFFIX } from '../stage';

/**
 * The assistant's part of the `npm start` seed: the demo recruiter subscribes (a 14-day trial of
 * the professional plan, through the local billing adapter with the approved test card, then
 * stored and linked as `POST /subscription/create-change` stores and links it) and has the sample
 * jobs saved with their must-haves, so every capability can be tried at once. Skips what exists:
 * a restart changes nothing, and `--reset` seeds it all again.
 */

export interface AssistantDemoSeedInput {
  readonly dynamodb: DynamoDBClient;
  readonly tableNames: Readonly<Record<TableName, string>>;
  /** The local billing's store (the Recurly stand-in's accounts, subscriptions and card tokens). */
  readonly billingStore: LocalBillingStore;
  readonly productSlug: string;
  /** The demo recruiter, whose users-table record the identity seed wrote. */
  readonly recruiter: {
    readonly sub: string;
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly companyName: string;
  };
  readonly now?: Date;
}

export interface AssistantDemoSeedResult {
  /** The live subscription's id, and whether this start created it. */
  readonly subscriptionId: string;
  readonly subscribed: boolean;
  /** Sample jobs saved by this start (ids). */
  readonly jobsCreated: readonly string[];
}

/**
 * The plan the demo recruiter is on: Enterprise, which includes every service the demo shows
 * (plan-entitlements.ts). Local plan codes carry `_dev`, as the local handlers expect.
 */
export const DEMO_PLAN_CODE = planCode('enterprise', LOCAL_PLAN_CODE_SUFFIX);

/** A sample job as the recruiter would have saved it: the expected must-haves confirmed, the proposed nice-to-haves kept. */
export function sampleJobRecord(sample: SampleJob, now: Date): Job {
  const mustHaves: Requirement[] = sample.expectedMustHaves.map((text) => ({ text, kind: classifyRequirement(text) }));
  const taken = new Set(mustHaves.map((requirement) => requirement.text.toLowerCase()));
  const proposal = proposeMustHaves({ title: sample.title, description: sample.description, companyInfo: sample.companyInfo });
  const niceToHaves = proposal.niceToHaves
    .filter((requirement) => !taken.has(requirement.text.toLowerCase()))
    .map(({ text, kind }) => ({ text, kind }));
  const timestamp = now.toISOString();
  return {
    id: sample.id,
    title: sample.title,
    companyInfo: sample.companyInfo,
    description: sample.description,
    location: sample.location,
    mustHaves,
    niceToHaves,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}

export async function seedAssistantDemo(input: AssistantDemoSeedInput): Promise<AssistantDemoSeedResult> {
  const now = input.now ?? new Date();
  const { recruiter } = input;
  const documents = documentClientFor(input.dynamodb);
  const subscriptions = createSubscriptionsRepository({ client: documents, tableName: input.tableNames.subscriptions });

  let subscriptionId = liveSubscriptions(await subscriptions.listByUserId(recruiter.sub), now)[0]?.id;
  let subscribed = false;
  if (!subscriptionId) {
    const billing = createLocalBilling({ planCodeSuffix: LOCAL_PLAN_CODE_SUFFIX, store: input.billingStore });
    const code = accountCode(input.productSlug, recruiter.sub);
    // A subscription the provider has but our records lack (an interrupted seed) is reused.
    let subscription = newestOpenSubscription(await billing.listAccountSubscriptions(code));
    if (!subscription) {
      const tokenized = tokenizeTestCard(
        {
          number: LOCAL_TEST_CARDS.approved,
          month: 12,
          year: now.getUTCFullYear() + 3,
          cvv: '123',
          firstName: recruiter.firstName,
          lastName: recruiter.lastName,
        },
        now,
      );
      if (!('card' in tokenized)) throw new Error(`The local test card was refused: ${tokenized.problems.message}`);
      const token = await input.billingStore.createToken(tokenized.card, now);
      subscription = await billing.createSubscription({
        accountCode: code,
        account: { email: recruiter.email, firstName: recruiter.firstName, lastName: recruiter.lastName, company: recruiter.companyName },
        planCode: DEMO_PLAN_CODE,
        currency: 'USD',
        billingToken: token.id,
      });
      subscribed = true;
    }
    await subscriptions.upsert(
      subscriptionSnapshot(subscription, { userId: recruiter.sub, email: recruiter.email, company: recruiter.companyName }),
      now,
    );
    await createUserSubscriptionLinks({ client: documents, tableName: input.tableNames.users }).link({
      userId: recruiter.sub,
      subscriptionId: subscription.id,
      now,
      makeCurrent: () => true,
    });
    subscriptionId = subscription.id;
  }

  const jobs = createJobsRepository({ client: documents, tableName: input.tableNames.assistant });
  const jobsCreated: string[] = [];
  for (const sample of SAMPLE_JOBS) {
    if (await jobs.get(recruiter.sub, sample.id)) continue;
    await jobs.create(recruiter.sub, sampleJobRecord(sample, now));
    jobsCreated.push(sample.id);
  }
  return { subscriptionId, subscribed, jobsCreated };
}
