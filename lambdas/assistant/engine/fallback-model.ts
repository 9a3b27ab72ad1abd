import type { AssistantCapability } from '../../shared/contracts/assistant';
import { createLogger, type Logger } from '../../shared/logger';
import type { AssistantInputs, LanguageModel, ModelAnswer } from './language-model';
import { isLanguageModelError, type LanguageModelFailure } from './language-model-error';

/**
 * The message logged (level `warn`) each time the fallback answers instead of Bedrock. The
 * monitoring's metric filter counts exactly this message (lib/constructs/monitoring.ts), so the
 * fallback alarm fires on it; a test ties the two.
 */
export const BEDROCK_FALLBACK_LOG_MESSAGE = 'Bedrock failed; the offline engine answered';

/** What the result's `engine.note` tells the user, by failure. */
export const FALLBACK_NOTES: Readonly<Record<LanguageModelFailure | 'unexpected', string>> = {
  'invalid-answer': 'Amazon Bedrock gave an answer that could not be used, so the offline engine answered.',
  refused: 'Amazon Bedrock declined to answer, so the offline engine answered.',
  throttled: 'Amazon Bedrock was busy, so the offline engine answered.',
  timeout: 'Amazon Bedrock took too long, so the offline engine answered.',
  'access-denied': 'Amazon Bedrock was unavailable, so the offline engine answered.',
  misconfigured: 'Amazon Bedrock was unavailable, so the offline engine answered.',
  unavailable: 'Amazon Bedrock was unavailable, so the offline engine answered.',
  unsupported: 'Amazon Bedrock was unavailable, so the offline engine answered.',
  unexpected: 'Amazon Bedrock was unavailable, so the offline engine answered.',
};

const defaultLogger = createLogger({ component: 'assistant-engine' });

export interface FallbackOptions {
  /** @default a logger with component `assistant-engine` */
  readonly logger?: Logger;
}

/**
 * A LanguageModel that asks `primary` (Bedrock) and, when it fails for any reason, `fallback`
 * (the deterministic engine), whose answer then carries a note saying why. The user always gets
 * an answer; the operator gets one structured log line per fallback with the capability and the
 * reason, and never the documents, the model's answer or credentials. A failure of the
 * fallback itself is not caught.
 */
export function withFallback(primary: LanguageModel, fallback: LanguageModel, options: FallbackOptions = {}): LanguageModel {
  const logger = options.logger ?? defaultLogger;
  return {
    async run<C extends AssistantCapability>(capability: C, input: AssistantInputs[C]): Promise<ModelAnswer<C>> {
      try {
        return await primary.run(capability, input);
      } catch (error) {
        const known = isLanguageModelError(error);
        const reason = known ? error.reason : 'unexpected';
        logger.warn(BEDROCK_FALLBACK_LOG_MESSAGE, {
          capability,
          reason,
          model: known ? error.model : undefined,
          // A LanguageModelError's message names only the reason and the model. Causes are left
          // out: a JSON parse error quotes the model's answer, which may quote the documents.
          detail: known ? error.message : undefined,
          errorName: (error as { name?: unknown } | null)?.name,
          causeName: (error as { cause?: { name?: unknown } } | null)?.cause?.name,
        });
        const answer = await fallback.run(capability, input);
        return { output: answer.output, engine: { ...answer.engine, note: FALLBACK_NOTES[reason] } };
      }
    },
  };
}
