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

/** The message logged each time the offline engine answers instead of a local model (no alarm counts it). */
export const LOCAL_MODEL_FALLBACK_LOG_MESSAGE = 'The local model failed; the offline engine answered';

/** What the result's `engine.note` tells the user, by failure, naming the model that failed. */
export function fallbackNotes(primary: string): Readonly<Record<LanguageModelFailure | 'unexpected', string>> {
  return {
    'invalid-answer': `${primary} gave an answer that could not be used, so the offline engine answered.`,
    refused: `${primary} declined to answer, so the offline engine answered.`,
    throttled: `${primary} was busy, so the offline engine answered.`,
    timeout: `${primary} took too long, so the offline engine answered.`,
    'access-denied': `${primary} was unavailable, so the offline engine answered.`,
    misconfigured: `${primary} was unavailable, so the offline engine answered.`,
    unavailable: `${primary} was unavailable, so the offline engine answered.`,
    unsupported: `${primary} was unavailable, so the offline engine answered.`,
    unexpected: `${primary} was unavailable, so the offline engine answered.`,
  };
}

/** The notes when Amazon Bedrock fails. */
export const FALLBACK_NOTES = fallbackNotes('Amazon Bedrock');
/** The notes when a local model fails. */
export const LOCAL_MODEL_FALLBACK_NOTES = fallbackNotes('Your local model');

const defaultLogger = createLogger({ component: 'assistant-engine' });

export interface FallbackOptions {
  /** @default a logger with component `assistant-engine` */
  readonly logger?: Logger;
  /** @default FALLBACK_NOTES (Amazon Bedrock's) */
  readonly notes?: Readonly<Record<LanguageModelFailure | 'unexpected', string>>;
  /** @default BEDROCK_FALLBACK_LOG_MESSAGE */
  readonly logMessage?: string;
}

/**
 * A LanguageModel that asks `primary` (Bedrock or a local model) and, when it fails for any reason, `fallback`
 * (the deterministic engine), whose answer then carries a note saying why. The user always gets
 * an answer; the operator gets one structured log line per fallback with the capability and the
 * reason, and never the documents, the model's answer or credentials. A failure of the
 * fallback itself is not caught.
 */
export function withFallback(primary: LanguageModel, fallback: LanguageModel, options: FallbackOptions = {}): LanguageModel {
  const logger = options.logger ?? defaultLogger;
  const notes = options.notes ?? FALLBACK_NOTES;
  const logMessage = options.logMessage ?? BEDROCK_FALLBACK_LOG_MESSAGE;
  return {
    async run<C extends AssistantCapability>(capability: C, input: AssistantInputs[C]): Promise<ModelAnswer<C>> {
      try {
        return await primary.run(capability, input);
      } catch (error) {
        const known = isLanguageModelError(error);
        const reason = known ? error.reason : 'unexpected';
        logger.warn(logMessage, {
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
        return { output: answer.output, engine: { ...answer.engine, note: notes[reason] } };
      }
    },
  };
}
