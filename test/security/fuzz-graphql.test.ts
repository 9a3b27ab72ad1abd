import { fuzzRuns } from './support/fuzz-config';
import { GRAPHQL_ENTRY_POINTS } from './support/fuzz-graphql';
import { expectNoFuzzFailure } from './support/fuzz-runner';
import { useSecurityRuntime } from './support/security-runtime';

/**
 * Every GraphQL resolver, and the endpoint itself, gets random and hostile input through the
 * local runtime over HTTP, with the API key and with user tokens: no 5xx or hang, every refusal
 * a GraphQL error with a readable message and no resolver crash, nothing stored when refused,
 * and exactly what the contract allows when accepted (FUZZ_RUNS runs each; the bench runs 10,000).
 */

const securityRuntime = useSecurityRuntime();

describe('GraphQL resolvers under hostile input', () => {
  it.each(GRAPHQL_ENTRY_POINTS.map((entry) => [entry.name, entry] as const))(
    '%s: no 5xx, readable errors, only what the contract allows is stored',
    async (_name, entry) => {
      await expectNoFuzzFailure(securityRuntime(), entry, fuzzRuns());
    },
    300_000,
  );
});
