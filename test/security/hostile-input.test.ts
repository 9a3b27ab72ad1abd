import { randomFuzzRuns } from './support/fuzz-config';
import { GRAPHQL_ENTRY_POINTS } from './support/fuzz-graphql';
import { REST_ENTRY_POINTS } from './support/fuzz-rest';
import { expectNoFuzzFailure } from './support/fuzz-runner';
import { TRIGGER_ENTRY_POINTS } from './support/fuzz-triggers';
import { productMix, runLoad } from './support/load';
import { useSecurityRuntime } from './support/security-runtime';

/**
 * The whole local runtime under hostile input and load, started once for all of it (a start is
 * about 8 CPU-seconds). Every fuzzer leaves the tables as it found them (an accepted input's
 * effects are checked against the contract, then undone), so the groups do not see each other.
 * Each entry point first gets its class cover (every hostile class sent to every input, about a
 * dozen calls), then FUZZ_RUNS random runs (2 by default); the bench runs 10,000 and the long load.
 */

const securityRuntime = useSecurityRuntime();

/**
 * Every REST route gets random and hostile input over HTTP, with and without a valid token: it
 * never answers 5xx or hangs, refuses with a clear 4xx, and a refused input stores nothing.
 */
describe('REST routes under hostile input', () => {
  it.each(REST_ENTRY_POINTS.map((entry) => [entry.name, entry] as const))(
    '%s: no 5xx, clear refusals, nothing stored when refused',
    async (_name, entry) => {
      await expectNoFuzzFailure(securityRuntime(), entry, randomFuzzRuns());
    },
    300_000,
  );
});

/**
 * Every GraphQL resolver, and the endpoint itself, with the API key and with user tokens: no 5xx
 * or hang, every refusal a GraphQL error with a readable message and no resolver crash, nothing
 * stored when refused, and exactly what the contract allows when accepted.
 */
describe('GraphQL resolvers under hostile input', () => {
  it.each(GRAPHQL_ENTRY_POINTS.map((entry) => [entry.name, entry] as const))(
    '%s: no 5xx, readable errors, only what the contract allows is stored',
    async (_name, entry) => {
      await expectNoFuzzFailure(securityRuntime(), entry, randomFuzzRuns());
    },
    300_000,
  );
});

/**
 * The Cognito triggers get hostile sign-ups through cognito-local, as a browser would send them:
 * attributes, client metadata and validation data with injection text, unicode and polluting
 * keys. Every refusal is Cognito's or a trigger's marked refusal (never "unavailable"), a refused
 * sign-up stores nothing, and a confirmed one stores exactly the record and the counted code use.
 */
describe('Cognito triggers under hostile sign-ups', () => {
  it.each(TRIGGER_ENTRY_POINTS.map((entry) => [entry.name, entry] as const))(
    '%s: marked refusals only, and only what the contract allows is stored',
    async (_name, entry) => {
      await expectNoFuzzFailure(securityRuntime(), entry, randomFuzzRuns());
    },
    300_000,
  );
});

/**
 * A short open-loop load with the product's mix (plans, the signed-in lookup, subscriptions, the
 * contact form): every request answers without error and every kind is exercised. Latency is
 * reported by the bench (200 requests/s for 60 s), never asserted here.
 */
describe('the product mix under load', () => {
  it('serves 20 requests/s of the product mix for 3 s without a single error', async () => {
    const result = await runLoad(productMix(securityRuntime()), { ratePerSecond: 20, durationMs: 3_000 });

    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.requests).toBe(60);
    for (const [kind, figures] of Object.entries(result.byKind)) {
      expect([kind, figures.requests > 0, figures.errors]).toEqual([kind, true, 0]);
    }
  }, 120_000);
});
