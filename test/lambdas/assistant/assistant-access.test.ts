import {
  FEATURE_FIRST_TIER,
  PLAN_NAMES,
  planIncludes,
  planUpgradeMessage,
  type PlanFeature,
} from '../../../lambdas/shared/domain/plan-entitlements';
import { PLAN_TIERS } from '../../../lambdas/shared/domain/plans';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '../../../lambdas/shared/http/subscriber-route';
import { RATE_LIMITED_MESSAGE } from '../../../lambdas/shared/dynamodb/rate-limiter';
import {
  assistantDependenciesFromEnvironment,
  capabilityDependenciesFromEnvironment,
  WORKSPACE_RATE_LIMIT_FACTOR,
} from '../../../lambdas/assistant/assistant-dependencies';
import type { AssistantResult, Job } from '../../../lambdas/shared/contracts/assistant';
import { subscriptionSnapshot } from '../../../lambdas/shared/subscriptions/subscription-record';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { BACKEND_JOB } from './support/assistant-fixtures';
import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { ASSISTANT_ROUTES, assistantHandlers, validRequest, type AssistantRoute } from './support/assistant-handlers';
import { call, DETERMINISTIC_MODEL, startAssistantServices, type AssistantServices } from './support/assistant-services';

/**
 * Who may use the assistant, on every route: a signed-in, ACTIVE user with a live subscription,
 * at most the rate limit's number of requests a minute. Everyone else is refused before any work,
 * and a refusal stores nothing.
 */

let assistant: AssistantServices;
let handlers: ReturnType<typeof assistantHandlers>;
const ids = { jobId: '', screeningResultId: '', questionId: '', resultId: '' };
let logs: CapturedLogs;

beforeAll(async () => {
  assistant = await startAssistantServices();
  handlers = assistantHandlers(() => assistant.dependencies());
  await assistant.subscriber('access-owner');
  const saved = await call<{ job: Job }>(handlers['POST /assistant/jobs'], {
    resource: '/assistant/jobs',
    body: BACKEND_JOB,
    as: 'access-owner',
  });
  ids.jobId = saved.body.job.id;
  const screening = await call<{ result: AssistantResult<'screening-questions'> }>(handlers['POST /assistant/screening-questions'], {
    resource: '/assistant/screening-questions',
    body: { jobId: ids.jobId },
    as: 'access-owner',
  });
  ids.screeningResultId = screening.body.result.id;
  ids.questionId = screening.body.result.output.questions[0].id;
  // The one the delete route's subscriber removes (the other cells are refused before reading it).
  const summary = await call<{ result: AssistantResult<'candidate-summary'> }>(handlers['POST /assistant/candidate-summary'], {
    resource: '/assistant/candidate-summary',
    body: { candidateName: 'Disposable', profile: BACKEND_JOB.description },
    as: 'access-owner',
  });
  ids.resultId = summary.body.result.id;
  await assistant.member('access-unsubscribed');
  await assistant.subscriber('access-removed');
  await assistant.services.addUser('access-removed', { status: 'REMOVED' });
});
afterAll(() => assistant.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

const ROUTES: readonly AssistantRoute[] = ASSISTANT_ROUTES;

describe('access to the assistant', () => {
  it('covers every assistant route of the REST API (a new one must be added here)', () => {
    const defined = REST_ROUTES.filter((route) => route.path.startsWith('/assistant/')).map((route) => `${route.method} ${route.path}`);
    expect(defined.sort()).toEqual([...ROUTES].sort());
  });

  it.each(ROUTES)('%s answers a subscriber', async (route) => {
    const answer = await call(handlers[route], { ...validRequest(route, ids), as: 'access-owner' });

    // Saving BACKEND_JOB again updates the one saved above (the same job): 200, not 201.
    expect([answer.status, answer.body.code]).toEqual([200, undefined]);
  });

  it.each(ROUTES)('%s refuses anonymous callers (401)', async (route) => {
    const answer = await call(handlers[route], { ...validRequest(route, ids), as: null });

    expect(answer).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it.each(ROUTES)('%s refuses a signed-in user without a subscription (403, subscription_required) and stores nothing', async (route) => {
    const answer = await call(handlers[route], { ...validRequest(route, ids), as: 'access-unsubscribed' });

    expect(answer).toMatchObject({ status: 403, body: { code: 'subscription_required', message: SUBSCRIPTION_REQUIRED_MESSAGE } });
    expect(await assistant.itemsOf('access-unsubscribed')).toEqual([]);
  });

  it.each(ROUTES)('%s refuses a removed user (403) and a caller without a user record (404)', async (route) => {
    expect(await call(handlers[route], { ...validRequest(route, ids), as: 'access-removed' })).toMatchObject({
      status: 403,
      body: { code: 'user_inactive' },
    });
    expect(await call(handlers[route], { ...validRequest(route, ids), as: 'access-ghost' })).toMatchObject({
      status: 404,
      body: { code: 'user_not_found' },
    });
  });

  it('lets a canceled subscriber in until the paid period ends, and not after', async () => {
    const user = await assistant.member('access-canceled');
    const now = new Date();
    const subscription = {
      id: 'canceledsub01',
      uuid: '0123456789abcdef0123456789abcdee',
      accountCode: 'talentpilot-access-canceled',
      planCode: 'starter_2weeksfree_monthly_onetimesetup_dev',
      currency: 'USD',
      quantity: 1,
      state: 'canceled' as const,
      trialStartedAt: null,
      trialEndsAt: null,
      activatedAt: '2026-01-01T00:00:00.000Z',
      canceledAt: '2026-01-10T00:00:00.000Z',
      currentPeriodEndsAt: new Date(now.getTime() + 86_400_000).toISOString(),
      expiresAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-10T00:00:00.000Z',
    };
    await assistant.services.subscriptions.upsert(subscriptionSnapshot(subscription as never, { userId: user.id }), now);
    const list = (at: Date) =>
      call(assistantHandlers(() => assistant.dependencies({ now: () => at }))['GET /assistant/jobs'], {
        resource: '/assistant/jobs',
        as: user.id,
      });

    expect((await list(now)).status).toBe(200);
    expect(await list(new Date(now.getTime() + 2 * 86_400_000))).toMatchObject({ status: 403, body: { code: 'subscription_required' } });
  });
});

describe('the per-user rate limit', () => {
  it.each(ROUTES)('%s answers 429 with Retry-After past the limit, and stores nothing more', async (route) => {
    const sub = `access-busy-${ROUTES.indexOf(route)}`;
    await assistant.subscriber(sub);
    const limited = assistantHandlers(() =>
      assistant.dependencies({ rateLimitPerMinute: 2, now: () => new Date('2026-06-01T12:00:40.000Z') }),
    );
    // Two requests (one valid, one not: both count; the job ids are another user's: 404), then the third is refused.
    await call(limited[route], { ...validRequest(route, ids), as: sub });
    await call(limited[route], { ...validRequest(route, ids), body: route.startsWith('GET') ? undefined : '{', as: sub });
    const before = await assistant.itemsOf(sub);

    const answer = await call(limited[route], { ...validRequest(route, ids), as: sub });

    expect(answer).toMatchObject({ status: 429, body: { code: 'rate_limited', message: RATE_LIMITED_MESSAGE } });
    expect(answer.headers['Retry-After']).toBe('20');
    expect(answer.headers['Access-Control-Expose-Headers']).toBe('Retry-After');
    expect(await assistant.itemsOf(sub)).toEqual(before);
  });

  it('counts each user on their own', async () => {
    await assistant.subscriber('access-calm');
    const limited = assistantHandlers(() =>
      assistant.dependencies({ rateLimitPerMinute: 1, now: () => new Date('2026-06-01T13:00:00.000Z') }),
    );
    await call(limited['GET /assistant/jobs'], { resource: '/assistant/jobs', as: 'access-owner' });

    expect((await call(limited['GET /assistant/jobs'], { resource: '/assistant/jobs', as: 'access-calm' })).status).toBe(200);
  });

  it("counts the workspace's routes (jobs, results) apart from the capabilities', as deployed", async () => {
    const tables = assistant.services.tableNames;
    const environment = {
      USERS_TABLE: tables.users,
      SUBSCRIPTIONS_TABLE: tables.subscriptions,
      ORGANIZATIONS_TABLE: tables.organizations,
      ASSISTANT_TABLE: tables.assistant,
      ACTIVITY_TABLE: tables.activity,
      ASSISTANT_RATE_LIMIT_PER_MINUTE: '1',
      DYNAMODB_ENDPOINT: assistant.services.endpoint,
    };
    const saved = { ...process.env };
    // The SDK's region and credentials come from the process, as in a Lambda.
    Object.assign(process.env, { AWS_REGION: 'us-east-2', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
    try {
      const workspace = assistantDependenciesFromEnvironment(environment).rateLimiter;
      const capabilities = capabilityDependenciesFromEnvironment(DETERMINISTIC_MODEL, environment).rateLimiter;
      const now = new Date('2026-06-01T14:00:10.000Z');

      for (let request = 0; request < WORKSPACE_RATE_LIMIT_FACTOR; request++) await workspace.consume('access-apart', now);
      await expect(workspace.consume('access-apart', now)).rejects.toThrow(RATE_LIMITED_MESSAGE);
      // The workspace's budget (a multiple of the assistant's) spent, the assistant's own is whole, and the other way round.
      await capabilities.consume('access-apart', now);
      await expect(capabilities.consume('access-apart', now)).rejects.toThrow(RATE_LIMITED_MESSAGE);
    } finally {
      process.env = saved;
    }
  });
});

/** The plan feature each assistant route serves; the workspace routes (jobs, history) need none. */
const ROUTE_FEATURES: Readonly<Partial<Record<AssistantRoute, PlanFeature>>> = {
  'POST /assistant/must-haves': 'must-haves',
  'POST /assistant/sourcing-terms': 'sourcing-terms',
  'POST /assistant/job-description': 'job-description',
  'POST /assistant/screening-questions': 'screening-questions',
  'POST /assistant/evaluations': 'interview-evaluation',
  'POST /assistant/best-fit': 'best-fit',
  'POST /assistant/candidate-summary': 'candidate-summary',
};

describe("the caller's plan", () => {
  const cases = ROUTES.flatMap((route) => PLAN_TIERS.map((tier) => [route, tier] as const));

  beforeAll(async () => {
    for (const tier of PLAN_TIERS) {
      await assistant.subscriber(`access-plan-${tier}`, tier);
      // Each caller's own job and screening questions, so a route that is let in can do its work.
      const saved = await call<{ job: Job }>(handlers['POST /assistant/jobs'], {
        resource: '/assistant/jobs',
        body: BACKEND_JOB,
        as: `access-plan-${tier}`,
      });
      planIds[tier] = {
        jobId: saved.body.job.id,
        screeningResultId: ids.screeningResultId,
        questionId: ids.questionId,
        resultId: ids.resultId,
      };
    }
  });
  const planIds: Record<string, typeof ids> = {};

  it.each(cases)(
    '%s on the %s plan: let in when the plan includes the feature, else 403 plan_upgrade_required naming the plan',
    async (route, tier) => {
      const caller = `access-plan-${tier}`;
      const feature = ROUTE_FEATURES[route];
      const before = await assistant.itemsOf(caller);

      const answer = await call(handlers[route], { ...validRequest(route, planIds[tier]), as: caller });

      if (!feature || planIncludes(tier, feature)) {
        expect(answer.body.code).not.toBe('plan_upgrade_required');
        expect(answer.status).toBeLessThan(500);
      } else {
        expect(answer).toMatchObject({ status: 403, body: { code: 'plan_upgrade_required', message: planUpgradeMessage(feature, tier) } });
        expect(answer.body.message).toContain(`the ${PLAN_NAMES[FEATURE_FIRST_TIER[feature]]}`);
        expect(await assistant.itemsOf(caller)).toEqual(before);
      }
    },
  );

  it('refuses Starter the candidate tools, and Professional best fit (the decision in docs/decisions.md)', async () => {
    const bestFit = await call(handlers['POST /assistant/best-fit'], {
      ...validRequest('POST /assistant/best-fit', planIds.professional),
      as: 'access-plan-professional',
    });
    const evaluation = await call(handlers['POST /assistant/evaluations'], {
      ...validRequest('POST /assistant/evaluations', planIds.starter),
      as: 'access-plan-starter',
    });

    expect(bestFit.body).toMatchObject({
      code: 'plan_upgrade_required',
      message:
        'Best-fit recommendation is included in the Enterprise plan. Your plan is Professional. Change your plan on the Subscribe page to use it.',
    });
    expect(evaluation.body.message).toBe(
      'Interview answer evaluation is included in the Professional and Enterprise plans. Your plan is Starter. Change your plan on the Subscribe page to use it.',
    );
  });
});
