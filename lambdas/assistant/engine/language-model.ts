import type { AssistantCapability, AssistantOutputs, EngineInfo, Requirement, ScreeningQuestion } from '../../shared/contracts/assistant';

/**
 * The language-model port: what the assistant's capabilities ask of a model, capability by
 * capability, with typed inputs and outputs. Two adapters implement it: the deterministic engine
 * (text analysis, a curated skills and title dictionary, rubric matching; offline and in tests)
 * and Amazon Bedrock (the Converse API; in AWS). Handlers resolve the caller's stored job first,
 * so every input here is complete and already validated. Plain TypeScript: no AWS types.
 */

/** A job as the capabilities see it (a saved job, or one given inline with defaults filled in). */
export interface JobContext {
  readonly title: string;
  readonly description: string;
  /** The client's company information; '' when not given. */
  readonly companyInfo: string;
  /** '' when not given. */
  readonly location: string;
  /** Confirmed must-haves; empty when the job has none yet (capabilities may derive them). */
  readonly mustHaves: readonly Requirement[];
  readonly niceToHaves: readonly Requirement[];
}

/** What each capability is given. */
export interface AssistantInputs {
  'must-haves': { readonly title: string; readonly description: string; readonly companyInfo: string };
  'sourcing-terms': JobContext & { readonly exclusions: readonly string[] };
  'job-description': {
    readonly title: string;
    readonly description: string;
    readonly companyInfo: string;
    /** Client names the recruiter listed (besides those the engine finds itself). */
    readonly clientNames: readonly string[];
  };
  'screening-questions': JobContext;
  'interview-evaluation': {
    readonly job: JobContext;
    readonly candidateName: string;
    /** Each answer with its question (from a stored screening result); '' when unanswered. */
    readonly answers: readonly { readonly question: ScreeningQuestion; readonly answer: string }[];
  };
  'best-fit': {
    readonly job: JobContext;
    readonly candidates: readonly {
      readonly name: string;
      readonly profile: string;
      /** The candidate's latest stored evaluation for this job (0-100), when any. */
      readonly evaluationOverall: number | null;
    }[];
  };
  'candidate-summary': {
    /** `null`: the engine takes the name from the profile, else "The candidate". */
    readonly candidateName: string | null;
    readonly profile: string;
    /** Summarize against this job's must-haves when given. */
    readonly job: JobContext | null;
  };
}

/** A model's answer and which engine gave it. */
export interface ModelAnswer<C extends AssistantCapability> {
  readonly output: AssistantOutputs[C];
  readonly engine: EngineInfo;
}

export interface LanguageModel {
  run<C extends AssistantCapability>(capability: C, input: AssistantInputs[C]): Promise<ModelAnswer<C>>;
}
