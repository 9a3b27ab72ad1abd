import { fuzzRuns } from './support/fuzz-config';
import { expectNoFuzzFailure } from './support/fuzz-runner';
import { REST_ENTRY_POINTS } from './support/fuzz-rest';
import { useSecurityRuntime } from './support/security-runtime';

/**
 * Every REST route gets random and hostile input through the local runtime over HTTP, with and
 * without a valid token: it never answers 5xx or hangs, refuses with a clear 4xx, and a refused
 * input stores nothing (FUZZ_RUNS runs per route; the bench runs 10,000).
 */

const securityRuntime = useSecurityRuntime();

describe('REST routes under hostile input', () => {
  it.each(REST_ENTRY_POINTS.map((entry) => [entry.name, entry] as const))(
    '%s: no 5xx, clear refusals, nothing stored when refused',
    async (_name, entry) => {
      await expectNoFuzzFailure(securityRuntime(), entry, fuzzRuns());
    },
    300_000,
  );
});
