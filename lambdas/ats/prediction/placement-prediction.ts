import type { AtsApplication, AtsCandidate, AtsJob } from '../ats-port';
import { evaluatePlacementModel, historyCheck, type Evaluation, type InsufficientHistory } from './evaluation';
import { applicationFeatures, FEATURE_NAMES, mustHavesOfJob, type ApplicationFeatures, type Feature, type FeatureName } from './features';
import { predictionReasons, predictProbability, type PlacementModel, type PredictionReason, type TrainingExample } from './model';

/**
 * Placement prediction from a recruiter's ATS history: learn from closed applications (hired = 1,
 * rejected or withdrawn = 0), report how it does on applications it did not learn from, and rank
 * the active applications of a job by their chance of ending in a placement. A model that does
 * no better than always guessing the commoner outcome is reported as such, never handed out.
 */

/**
 * The features a model learns from by default. "Stage reached" is left out: for a closed
 * application the ATS reports the stage it closed in, which for every placement is the offer or
 * hire stage itself, so the model would learn the outcome from its own label and its held-out
 * accuracy would flatter it. The feature is still computed and shown.
 */
export const DEFAULT_MODEL_FEATURES: readonly FeatureName[] = FEATURE_NAMES.filter((n) => n !== 'stages-reached');

export interface PlacementHistory {
  readonly jobs: readonly AtsJob[];
  readonly candidates: readonly AtsCandidate[];
  readonly applications: readonly AtsApplication[];
  /** Must-haves the recruiter confirmed, by ATS job id; other jobs get them proposed from the description. */
  readonly mustHavesByJob?: Readonly<Record<string, readonly string[]>>;
  /** The current instant (ISO 8601), given by the caller; also the model's `trainedAt`. */
  readonly now: string;
  /** Seeds the held-out split: the same history and seed give the same model and figures. */
  readonly seed: number | string;
  readonly featureNames?: readonly FeatureName[];
}

export type PlacementTraining =
  | { readonly status: 'trained'; readonly model: PlacementModel; readonly evaluation: Evaluation }
  | InsufficientHistory
  | { readonly status: 'weak-signal'; readonly message: string; readonly evaluation: Evaluation };

export interface PlacementPrediction {
  readonly applicationId: string;
  readonly candidateId: string;
  /** '' when the ATS returned no candidate for the application. */
  readonly candidateName: string;
  /** 0 to 100. */
  readonly probability: number;
  readonly reasons: readonly PredictionReason[];
  readonly features: readonly Feature[];
}

function mustHavesFinder(mustHavesByJob: PlacementHistory['mustHavesByJob']): (job: AtsJob) => readonly string[] {
  const derived = new Map<string, readonly string[]>();
  return (job) => {
    const confirmed = mustHavesByJob?.[job.id];
    if (Array.isArray(confirmed) && confirmed.length) return confirmed;
    if (!derived.has(job.id)) derived.set(job.id, mustHavesOfJob(job));
    return derived.get(job.id) ?? [];
  };
}

/** The closed applications whose job is known, one per id, in id order (so the ATS's order does not matter). */
function closedExamples(history: PlacementHistory): { features: ApplicationFeatures; label: 0 | 1 }[] {
  const jobs = new Map((history.jobs ?? []).map((j) => [j.id, j]));
  const candidates = new Map((history.candidates ?? []).map((c) => [c.id, c]));
  const mustHaves = mustHavesFinder(history.mustHavesByJob);
  const seen = new Set<string>();
  return [...(history.applications ?? [])]
    .filter((a) => a.status !== 'active' && jobs.has(a.jobId))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .filter((a) => !seen.has(a.id) && !!seen.add(a.id))
    .map((application) => {
      const job = jobs.get(application.jobId) as AtsJob;
      const features = applicationFeatures({
        job,
        mustHaves: mustHaves(job),
        candidate: candidates.get(application.candidateId) ?? null,
        application,
        now: history.now,
      });
      return { features, label: application.status === 'hired' ? 1 : 0 };
    });
}

/**
 * Trains and tests a placement model on the history; `insufficient-history` when it is too short,
 * `weak-signal` (with the figures, without a model) when the model does not beat the baseline.
 */
export function trainPlacementModel(history: PlacementHistory): PlacementTraining {
  const examples = closedExamples(history);
  const short = historyCheck(examples.map((e) => e.label));
  if (short) return short;
  const training: TrainingExample[] = examples.map((e) => ({ features: e.features.features, label: e.label }));
  const { model, evaluation } = evaluatePlacementModel(training, {
    seed: history.seed,
    featureNames: history.featureNames ?? DEFAULT_MODEL_FEATURES,
    trainedAt: history.now,
  });
  if (!evaluation.beatsBaseline) {
    const message =
      `Not reliable yet: on ${evaluation.heldOutSize} past applications it did not learn from it was right ${Math.round(evaluation.accuracy * 100)}% of the time, ` +
      `and always guessing '${evaluation.majorityClass}' would be right ${Math.round(evaluation.baselineAccuracy * 100)}%. ` +
      'Your history does not show a pattern these features can predict, so no predictions are shown; more closed applications may change that.';
    return { status: 'weak-signal', message, evaluation };
  }
  return { status: 'trained', model, evaluation };
}

export interface PredictionInput {
  readonly job: AtsJob;
  readonly candidates: readonly AtsCandidate[];
  /** Applications of any job and status: the active ones of `job` are predicted. */
  readonly applications: readonly AtsApplication[];
  /** The job's confirmed must-haves; proposed from its description when absent or empty. */
  readonly mustHaves?: readonly string[];
  readonly now: string;
}

/** The job's active applications, most likely placement first, each with the reasons behind it. */
export function predictPlacements(model: PlacementModel, input: PredictionInput): PlacementPrediction[] {
  const { job } = input;
  const mustHaves = mustHavesFinder(input.mustHaves ? { [job.id]: input.mustHaves } : undefined)(job);
  const candidates = new Map((input.candidates ?? []).map((c) => [c.id, c]));
  return (
    (input.applications ?? [])
      .filter((a) => a.jobId === job.id && a.status === 'active')
      .map((application) => {
        const candidate = candidates.get(application.candidateId) ?? null;
        const { features } = applicationFeatures({ job, mustHaves, candidate, application, now: input.now });
        return { application, candidate, features, chance: predictProbability(model, features) };
      })
      // The unrounded chance orders the list; ties fall back to the application id, so the order is stable.
      .sort((a, b) => b.chance - a.chance || (a.application.id < b.application.id ? -1 : 1))
      .map(({ application, candidate, features, chance }) => ({
        applicationId: application.id,
        candidateId: application.candidateId,
        candidateName: candidate?.name ?? '',
        probability: Math.round(chance * 100),
        reasons: predictionReasons(model, features),
        features,
      }))
  );
}
