import { ApiErrorBodySchema } from '../../../lambdas/shared/contracts/api-error';
import { PlansResponseSchema } from '../../../lambdas/shared/contracts/plans';
import { INTERNAL_ERROR_MESSAGE } from '../../../lambdas/shared/http/response';
import { createRecurlyBilling } from '../../../lambdas/subscription/billing/recurly-billing';
import { createGetPlansHandler, PLANS_CACHE_CONTROL } from '../../../lambdas/subscription/get-plans';
import { apiGatewayEvent, lambdaContext } from '../support/api-gateway-event';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { RecurlyFakeServer, type FakePlanInput } from '../support/recurly-fake-server';

const WEB_ORIGIN = 'http://127.0.0.1:5180';
const API_KEY = 'recurly-private-key-for-tests';

const DEV_CODES = [
  'starter_2weeksfree_monthly_onetimesetup_dev',
  'professional_2weeksfree_monthly_onetimesetup_dev',
  'enterprise_2weeksfree_monthly_onetimesetup_dev',
];

const getPlans = (origin: string | undefined = WEB_ORIGIN) =>
  apiGatewayEvent({
    method: 'GET',
    resource: '/subscription/plans',
    headers: origin ? { Origin: origin, Accept: 'application/json' } : {},
  });

type ExportedModule = typeof import('../../../lambdas/subscription/get-plans');

/** Loads the module as Lambda would: a fresh copy that reads the environment on its first request. */
function loadHandlerModule(): ExportedModule {
  let loaded: ExportedModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<ExportedModule>('../../../lambdas/subscription/get-plans');
  });
  if (!loaded) throw new Error('module did not load');
  return loaded;
}

function withEnvironment(values: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('GET /subscription/plans in the offline runtime (BILLING_ADAPTER=local)', () => {
  let restoreEnvironment: () => void;
  beforeEach(() => {
    restoreEnvironment = withEnvironment({
      BILLING_ADAPTER: 'local',
      PLAN_CODE_SUFFIX: '_dev',
      ALLOWED_ORIGINS: WEB_ORIGIN,
      RECURLY_API_KEY_SECRET_NAME: undefined,
    });
  });
  afterEach(() => restoreEnvironment());

  it('answers the dev plans, ordered, cacheable, readable by the web app', async () => {
    const { handler } = loadHandlerModule();

    const response = await handler(getPlans(), lambdaContext());

    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': PLANS_CACHE_CONTROL,
      'Access-Control-Allow-Origin': WEB_ORIGIN,
      Vary: 'Origin',
      'X-Content-Type-Options': 'nosniff',
    });
    const body = PlansResponseSchema.parse(JSON.parse(response.body));
    expect(body.plans.map((plan) => plan.code)).toEqual(DEV_CODES);
    expect(body.plans[0]).toEqual({
      code: 'starter_2weeksfree_monthly_onetimesetup_dev',
      name: 'Starter — two weeks free, monthly billing, one-time setup fee',
      description: expect.any(String),
      currencies: [
        { currency: 'USD', unitAmount: 49, setupFee: 99 },
        { currency: 'EUR', unitAmount: 45, setupFee: 89 },
        { currency: 'GBP', unitAmount: 39, setupFee: 79 },
      ],
      trial: { length: 14, unit: 'days' },
      interval: { length: 1, unit: 'months' },
    });
  });

  it('does not let a page from another origin read the answer', async () => {
    const { handler } = loadHandlerModule();

    const response = await handler(getPlans('https://evil.example'), lambdaContext());

    expect(response.headers?.['Access-Control-Allow-Origin']).toBe(WEB_ORIGIN);
  });

  it('answers a request without an Origin header (curl, health checks)', async () => {
    const { handler } = loadHandlerModule();

    const response = await handler(getPlans(undefined), lambdaContext());

    expect(response.statusCode).toBe(200);
  });

  it('serves the prod codes when the suffix is empty', async () => {
    process.env.PLAN_CODE_SUFFIX = '';
    const { handler } = loadHandlerModule();

    const body = JSON.parse((await handler(getPlans(), lambdaContext())).body) as { plans: { code: string }[] };

    expect(body.plans.map((plan) => plan.code)).toEqual([
      'starter_2weeksfree_monthly_onetimesetup',
      'professional_2weeksfree_monthly_onetimesetup',
      'enterprise_2weeksfree_monthly_onetimesetup',
    ]);
  });

  it('answers a generic 500, and logs which variable is missing, when the billing environment is incomplete', async () => {
    process.env.BILLING_ADAPTER = 'recurly'; // but no RECURLY_API_KEY_SECRET_NAME
    const { handler } = loadHandlerModule();

    const response = await handler(getPlans(), lambdaContext());

    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' });
    expect(response.body).not.toContain('RECURLY');
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        error: expect.objectContaining({ message: expect.stringContaining('RECURLY_API_KEY_SECRET_NAME is not set') }),
      }),
    );
  });
});

describe('GET /subscription/plans on Recurly (a Recurly-like server)', () => {
  let server: RecurlyFakeServer;

  const fakePlan = (code: string, name = code): FakePlanInput => ({
    code,
    name,
    currencies: [{ currency: 'USD', unitAmount: 10, setupFee: 20 }],
  });

  beforeEach(async () => {
    server = await RecurlyFakeServer.start({
      apiKey: API_KEY,
      pageSizeCap: 3,
      // Shuffled, with other stages' plans and plans that are not ours.
      plans: [
        fakePlan('enterprise_2weeksfree_monthly_onetimesetup_dev', 'Enterprise'),
        fakePlan('legacy_gold_annual'),
        fakePlan('starter_2weeksfree_monthly_onetimesetup', 'Starter (prod)'),
        fakePlan('professional_2weeksfree_monthly_onetimesetup_stage'),
        { ...fakePlan('starter_2weeksfree_monthly_onetimesetup_dev', 'Starter'), state: 'inactive' },
        fakePlan('professional_2weeksfree_monthly_onetimesetup_dev', 'Professional'),
        fakePlan('starter_2weeksfree_monthly_onetimesetup_dev', 'Starter'),
      ],
    });
  });
  afterEach(() => server.close());

  const handlerOnRecurly = () =>
    createGetPlansHandler(
      () => ({
        billing: createRecurlyBilling({ apiKey: { get: async () => API_KEY, forget: () => undefined }, httpAdapter: server.httpAdapter() }),
        planCodeSuffix: '_dev',
      }),
      { allowedOrigins: [WEB_ORIGIN] },
    );

  it("keeps only the stage's known active plans, ordered starter, professional, enterprise", async () => {
    const response = await handlerOnRecurly()(getPlans(), lambdaContext());

    expect(response.statusCode).toBe(200);
    const body = PlansResponseSchema.parse(JSON.parse(response.body));
    expect(body.plans.map((plan) => [plan.code, plan.name])).toEqual([
      [DEV_CODES[0], 'Starter'],
      [DEV_CODES[1], 'Professional'],
      [DEV_CODES[2], 'Enterprise'],
    ]);
    expect(server.requests).toHaveLength(2); // 6 active plans, 3 per page
  });

  it('asks Recurly once for 50 requests at once and for the requests after them (the container keeps the list)', async () => {
    const handler = handlerOnRecurly();

    const answers = await Promise.all(Array.from({ length: 50 }, () => handler(getPlans(), lambdaContext())));
    const later = await handler(getPlans(), lambdaContext());

    expect([...answers, later].every((response) => response.statusCode === 200)).toBe(true);
    expect(server.requests).toHaveLength(2); // one listing: 6 active plans, 3 per page
  });

  it('answers an empty list, not cached, when Recurly has none of the known plans', async () => {
    server.setPlans([fakePlan('legacy_gold_annual')]);

    const response = await handlerOnRecurly()(getPlans(), lambdaContext());

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ plans: [] });
    expect(response.headers?.['Cache-Control']).toBe('no-store');
  });

  it.each([
    ['a rejected API key', 'unauthorized', 502, 'billing_unavailable'],
    ['a Recurly server error', 'server_error', 503, 'billing_unavailable'],
    ['Recurly being down', 'unavailable', 503, 'billing_unavailable'],
    ['Recurly rate limiting', 'rate_limited', 429, 'rate_limited'],
  ] as const)('answers %s (fake: %s) with %i and an ApiErrorBody (%s), never cached', async (_label, scenario, statusCode, code) => {
    server.answerWith(scenario);

    const response = await handlerOnRecurly()(getPlans(), lambdaContext());

    expect(response.statusCode).toBe(statusCode);
    const body = ApiErrorBodySchema.parse(JSON.parse(response.body));
    expect(body.code).toBe(code);
    expect(body.message).not.toMatch(/recurly|api key|unauthorized/i);
    expect(response.headers).toMatchObject({ 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': WEB_ORIGIN });
    expect(logs.text()).not.toContain(API_KEY);
  });

  it('tells the browser when to retry after Recurly rate limiting', async () => {
    server.answerWith('rate_limited');

    const response = await handlerOnRecurly()(getPlans(), lambdaContext());

    expect(Number(response.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(response.headers?.['Access-Control-Expose-Headers']).toBe('Retry-After');
  });
});
