import type { FeatureName } from './features';
import { predictProbability, trainLogisticRegression, type PlacementModel, type TrainingExample } from './model';
import { seededRandom, shuffled } from './seeded-random';

/**
 * Whether a placement model is worth showing: it is tested on past applications it did not learn
 * from and compared with the laziest rule there is, always guessing the commoner outcome. Enough
 * history gets one stratified 80/20 split; a short history gets stratified k-fold
 * cross-validation, so every application is tested once and the figures rest on all of them.
 * After a split the model returned is the very one tested (it never saw the held-out fifth);
 * after cross-validation it is the same method trained on the whole history.
 */

/** Fewer closed applications than this, or fewer placements, and nothing is trained. */
export const MIN_CLOSED_APPLICATIONS = 30;
export const MIN_PLACEMENTS = 5;
export const HELD_OUT_SHARE = 0.2;
/** Below this many closed applications, 5-fold cross-validation instead of one split. */
export const CROSS_VALIDATION_BELOW = 100;
export const FOLDS = 5;
/** The least improvement over the baseline (in accuracy) that counts as a signal. */
export const MIN_GAIN = 0.03;

export interface InsufficientHistory {
  readonly status: 'insufficient-history';
  readonly message: string;
  readonly closedApplications: number;
  readonly placements: number;
  readonly required: { readonly closedApplications: number; readonly placements: number };
}

export interface Evaluation {
  readonly method: 'held-out' | 'cross-validation';
  /** 1 for a single split. */
  readonly rounds: number;
  /** Applications the (final) model learns from. */
  readonly trainingSize: number;
  /** Applications predicted by a model that did not learn from them. */
  readonly heldOutSize: number;
  readonly correct: number;
  readonly accuracy: number;
  /** Of the applications it expected to be placed, the share that were; `null` when it expected none. */
  readonly precision: number | null;
  /** Of the placements held out, the share it expected. */
  readonly recall: number;
  readonly baselineAccuracy: number;
  readonly majorityClass: 'placed' | 'not placed';
  readonly predictedPlacements: number;
  readonly truePlacements: number;
  readonly heldOutPlacements: number;
  /** Whether accuracy beats the baseline by at least {@link MIN_GAIN} and more than chance would. */
  readonly beatsBaseline: boolean;
  /** The figures in words a recruiter understands. */
  readonly summary: string;
}

export interface EvaluationOptions {
  readonly seed: number | string;
  readonly featureNames: readonly FeatureName[];
  readonly trainedAt: string;
  readonly l2?: number;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The insufficient-history result when the closed applications cannot support a model, else `null`. */
export function historyCheck(labels: readonly (0 | 1)[]): InsufficientHistory | null {
  const closed = labels.length;
  const placements = labels.filter((l) => l === 1).length;
  const required = { closedApplications: MIN_CLOSED_APPLICATIONS, placements: MIN_PLACEMENTS };
  const need = `Placement prediction needs at least ${MIN_CLOSED_APPLICATIONS} closed applications including ${MIN_PLACEMENTS} placements in your ATS`;
  if (closed < MIN_CLOSED_APPLICATIONS || placements < MIN_PLACEMENTS) {
    const message = `${need}; you have ${closed} (${plural(placements, 'placement')}).`;
    return { status: 'insufficient-history', message, closedApplications: closed, placements, required };
  }
  if (placements === closed) {
    const message = `${need} and some that did not end in a placement, to learn the difference; all ${closed} of yours were placements.`;
    return { status: 'insufficient-history', message, closedApplications: closed, placements, required };
  }
  return null;
}

/** Splits items by label: a seeded shuffle per class, then `share` of each class held out (at least one, never all). */
export function stratifiedSplit<T extends { readonly label: 0 | 1 }>(
  items: readonly T[],
  share: number,
  seed: number | string,
): { training: T[]; heldOut: T[] } {
  const random = seededRandom(seed);
  const training: T[] = [];
  const heldOut: T[] = [];
  for (const label of [1, 0] as const) {
    const group = shuffled(
      items.filter((i) => i.label === label),
      random,
    );
    const count = group.length < 2 ? 0 : Math.min(group.length - 1, Math.max(1, Math.round(group.length * share)));
    heldOut.push(...group.slice(0, count));
    training.push(...group.slice(count));
  }
  return { training, heldOut };
}

/** Deals items into `k` folds class by class after a seeded shuffle, so every fold has the same mix. */
export function stratifiedFolds<T extends { readonly label: 0 | 1 }>(items: readonly T[], k: number, seed: number | string): T[][] {
  const random = seededRandom(seed);
  const folds: T[][] = Array.from({ length: k }, () => []);
  let next = 0;
  for (const label of [1, 0] as const) {
    for (const item of shuffled(
      items.filter((i) => i.label === label),
      random,
    )) {
      folds[next % k].push(item);
      next += 1;
    }
  }
  return folds;
}

interface Tally {
  heldOut: number;
  correct: number;
  baselineCorrect: number;
  predicted: number;
  truePositive: number;
  positives: number;
}

function train(examples: readonly TrainingExample[], options: EvaluationOptions): PlacementModel {
  return trainLogisticRegression(examples, { featureNames: options.featureNames, trainedAt: options.trainedAt, l2: options.l2 });
}

function tally(
  training: readonly TrainingExample[],
  heldOut: readonly TrainingExample[],
  majority: 0 | 1,
  options: EvaluationOptions,
  into: Tally,
): PlacementModel {
  const model = train(training, options);
  for (const example of heldOut) {
    const guess = predictProbability(model, example.features) >= 0.5 ? 1 : 0;
    into.heldOut += 1;
    if (guess === example.label) into.correct += 1;
    if (majority === example.label) into.baselineCorrect += 1;
    if (guess === 1) into.predicted += 1;
    if (guess === 1 && example.label === 1) into.truePositive += 1;
    if (example.label === 1) into.positives += 1;
  }
  return model;
}

/** Tests a model on held-out history (call {@link historyCheck} first) and returns the model the figures describe. */
export function evaluatePlacementModel(
  examples: readonly TrainingExample[],
  options: EvaluationOptions,
): { model: PlacementModel; evaluation: Evaluation } {
  const counts: Tally = { heldOut: 0, correct: 0, baselineCorrect: 0, predicted: 0, truePositive: 0, positives: 0 };
  const crossValidate = examples.length < CROSS_VALIDATION_BELOW;
  // The baseline: one fixed guess, the commoner outcome of the history (a tie counts as "not placed").
  const majority = examples.filter((e) => e.label === 1).length * 2 > examples.length ? 1 : 0;
  let model: PlacementModel;
  if (crossValidate) {
    const folds = stratifiedFolds(examples, FOLDS, options.seed);
    folds.forEach((fold, i) => {
      if (fold.length) tally(folds.filter((_, j) => j !== i).flat(), fold, majority, options, counts);
    });
    model = train(examples, options);
  } else {
    const { training, heldOut } = stratifiedSplit(examples, HELD_OUT_SHARE, options.seed);
    model = tally(training, heldOut, majority, options, counts);
  }
  const accuracy = counts.correct / Math.max(1, counts.heldOut);
  const baselineAccuracy = counts.baselineCorrect / Math.max(1, counts.heldOut);
  const majorityClass = majority ? 'placed' : 'not placed';
  // Chance alone moves accuracy by about one standard error of the baseline on this many tests.
  const chance = Math.sqrt((baselineAccuracy * (1 - baselineAccuracy)) / Math.max(1, counts.heldOut));
  const beatsBaseline = accuracy - baselineAccuracy >= Math.max(MIN_GAIN, chance) && counts.truePositive > 0;
  const precision = counts.predicted ? counts.truePositive / counts.predicted : null;
  const recall = counts.positives ? counts.truePositive / counts.positives : 0;
  const parts = [
    `Correct on ${counts.correct} of ${counts.heldOut} past applications it did not learn from (${percent(accuracy)}); always guessing '${majorityClass}' would be ${percent(baselineAccuracy)}.`,
    counts.predicted
      ? `Of the ${counts.predicted} it expected to be placed, ${counts.truePositive} were (${percent(precision ?? 0)}); it spotted ${counts.truePositive} of ${plural(counts.positives, 'placement')} (${percent(recall)}).`
      : `It expected none of them to be placed, so it spotted none of the ${plural(counts.positives, 'placement')}.`,
  ];
  if (crossValidate) parts.push(`Checked in ${FOLDS} rounds, each holding back a different fifth of your history.`);
  const evaluation: Evaluation = {
    method: crossValidate ? 'cross-validation' : 'held-out',
    rounds: crossValidate ? FOLDS : 1,
    trainingSize: model.trainingSize,
    heldOutSize: counts.heldOut,
    correct: counts.correct,
    accuracy,
    precision,
    recall,
    baselineAccuracy,
    majorityClass,
    predictedPlacements: counts.predicted,
    truePlacements: counts.truePositive,
    heldOutPlacements: counts.positives,
    beatsBaseline,
    summary: parts.join(' '),
  };
  return { model, evaluation };
}
