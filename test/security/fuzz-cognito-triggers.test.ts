import { fuzzRuns } from './support/fuzz-config';
import { expectNoFuzzFailure } from './support/fuzz-runner';
import { TRIGGER_ENTRY_POINTS } from './support/fuzz-triggers';
import { useSecurityRuntime } from './support/security-runtime';

/**
 * The Cognito triggers get hostile sign-ups through cognito-local, as a browser would send them:
 * attributes, client metadata and validation data with injection text, unicode and polluting
 * keys. Every refusal is Cognito's or a trigger's marked refusal (never "unavailable"), a refused
 * sign-up stores nothing, and a confirmed one stores exactly the record and the counted code use.
 */

const securityRuntime = useSecurityRuntime();

describe('Cognito triggers under hostile sign-ups', () => {
  it.each(TRIGGER_ENTRY_POINTS.map((entry) => [entry.name, entry] as const))(
    '%s: marked refusals only, and only what the contract allows is stored',
    async (_name, entry) => {
      await expectNoFuzzFailure(securityRuntime(), entry, fuzzRuns());
    },
    300_000,
  );
});
