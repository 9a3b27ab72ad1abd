import type { AssistantCapability, AssistantOutputs, EngineInfo } from '../../shared/contracts/assistant';
import type { AssistantInputs, LanguageModel, ModelAnswer } from './language-model';

/**
 * The deterministic engine as a {@link LanguageModel}: each capability answered by its domain
 * function (text analysis, the skills and title dictionary, rubric matching), offline, the same
 * answer for the same input. A handler passes only its own capability's function, so its bundle
 * holds only that code.
 */

/** The domain function of each capability. */
export type DeterministicImplementations = Partial<{ [C in AssistantCapability]: (input: AssistantInputs[C]) => AssistantOutputs[C] }>;

export const DETERMINISTIC_ENGINE: EngineInfo = { kind: 'deterministic', model: null, note: null };

export function createDeterministicModel(implementations: DeterministicImplementations): LanguageModel {
  return {
    async run<C extends AssistantCapability>(capability: C, input: AssistantInputs[C]): Promise<ModelAnswer<C>> {
      const implementation = implementations[capability] as ((input: AssistantInputs[C]) => AssistantOutputs[C]) | undefined;
      // A handler wired without its capability's function: a programming error, never the caller's.
      if (!implementation) throw new Error(`The deterministic engine has no implementation of ${capability}`);
      return { output: implementation(input), engine: DETERMINISTIC_ENGINE };
    },
  };
}
