import { FEATURE_LABELS, FEATURE_NAMES, type Feature, type FeatureName } from './features';

/**
 * Logistic regression on the placement features, trained by batch gradient descent with L2
 * regularisation. Chosen because it learns from a few dozen examples, needs no library, gives the
 * same model for the same data on every run (zero start, full batches, a fixed iteration budget),
 * and its weights say plainly which feature pushed a prediction up or down.
 */

/** One closed application: its features and whether it ended in a placement. */
export interface TrainingExample {
  readonly features: readonly Feature[];
  /** 1 hired, 0 rejected or withdrawn. */
  readonly label: 0 | 1;
}

export interface TrainingOptions {
  /** The features the model uses, in order. */
  readonly featureNames: readonly FeatureName[];
  /** When the model was trained (ISO 8601), given by the caller: nothing here reads a clock. */
  readonly trainedAt: string;
  /** L2 strength on the mean log-loss; keeps weights small when history is short. */
  readonly l2?: number;
  readonly maxIterations?: number;
  /** Stop once an iteration improves the loss by less than this. */
  readonly tolerance?: number;
}

/** A trained model as plain JSON: store it, send it, load it back with {@link isPlacementModel}. */
export interface PlacementModel {
  readonly kind: 'logistic-regression';
  readonly version: 1;
  readonly featureNames: readonly FeatureName[];
  readonly weights: readonly number[];
  readonly bias: number;
  /** Per feature, the training average: used for unknown values and as the "typical" reference. */
  readonly fillValues: readonly number[];
  readonly trainedAt: string;
  readonly trainingSize: number;
  readonly placements: number;
  readonly l2: number;
  readonly iterations: number;
}

/** Why a prediction is what it is: one feature's push up or down. */
export interface PredictionReason {
  readonly name: FeatureName;
  readonly label: string;
  readonly value: number | null;
  /** weight × value: the feature's share of the score. */
  readonly contribution: number;
  /** weight × (value − training average): how much it moves this candidate from a typical one. */
  readonly effect: number;
  readonly direction: 'raises' | 'lowers';
  readonly explanation: string;
}

export const DEFAULT_L2 = 0.01;
const DEFAULT_ITERATIONS = 4_000;
const DEFAULT_TOLERANCE = 1e-9;

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

function valueOf(features: readonly Feature[], name: FeatureName): number | null {
  const v = features.find((f) => f.name === name)?.value;
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : null;
}

/** The values a model reads, unknowns filled with its training averages. */
export function vectorFor(model: Pick<PlacementModel, 'featureNames' | 'fillValues'>, features: readonly Feature[]): number[] {
  return model.featureNames.map((name, i) => valueOf(features, name) ?? model.fillValues[i]);
}

/** The regularised mean log-loss at (w, b) and its gradient, in one pass over the examples. */
function lossAndGradient(xs: readonly number[][], ys: readonly number[], w: readonly number[], b: number, l2: number) {
  const n = xs.length;
  const gw = w.map((wj) => l2 * wj);
  let gb = 0;
  let sum = 0;
  for (let i = 0; i < n; i += 1) {
    let z = b;
    for (let j = 0; j < w.length; j += 1) z += xs[i][j] * w[j];
    const p = sigmoid(z);
    sum -= ys[i] ? Math.log(Math.max(p, 1e-12)) : Math.log(Math.max(1 - p, 1e-12));
    const error = p - ys[i];
    gb += error / n;
    for (let j = 0; j < w.length; j += 1) gw[j] += (error * xs[i][j]) / n;
  }
  return { loss: sum / n + (l2 / 2) * w.reduce((s, x) => s + x * x, 0), gw, gb };
}

/** Trains on closed applications; throws only when given no examples at all. */
export function trainLogisticRegression(examples: readonly TrainingExample[], options: TrainingOptions): PlacementModel {
  if (!examples.length) throw new Error('Cannot train a placement model on no examples');
  const names = options.featureNames;
  const l2 = options.l2 ?? DEFAULT_L2;
  const fillValues = names.map((name) => {
    const known = examples.map((e) => valueOf(e.features, name)).filter((v): v is number => v !== null);
    return known.length ? known.reduce((s, v) => s + v, 0) / known.length : 0.5;
  });
  const xs = examples.map((e) => vectorFor({ featureNames: names, fillValues }, e.features));
  const ys = examples.map((e) => e.label);
  const n = xs.length;
  let w = names.map(() => 0);
  let b = 0;
  let rate = 1;
  let last: { w: number[]; b: number; loss: number; gw: number[]; gb: number } | null = null;
  let iterations = 0;
  for (; iterations < (options.maxIterations ?? DEFAULT_ITERATIONS); iterations += 1) {
    let here = { w, b, ...lossAndGradient(xs, ys, w, b, l2) };
    if (last && here.loss > last.loss) {
      // The last step overshot: go back and retry it at half the rate (deterministic, no randomness).
      rate /= 2;
      if (rate < 1e-6) {
        [w, b] = [last.w, last.b];
        break;
      }
      here = last;
    } else if (last && last.loss - here.loss < (options.tolerance ?? DEFAULT_TOLERANCE)) {
      break;
    }
    last = here;
    w = here.w.map((wj, j) => wj - rate * here.gw[j]);
    b = here.b - rate * here.gb;
  }
  // The last step taken was not checked yet: keep it only if it did not make things worse.
  if (last && lossAndGradient(xs, ys, w, b, l2).loss > last.loss) [w, b] = [last.w, last.b];
  return {
    kind: 'logistic-regression',
    version: 1,
    featureNames: [...names],
    weights: w,
    bias: b,
    fillValues,
    trainedAt: options.trainedAt,
    trainingSize: n,
    placements: ys.filter((y) => y === 1).length,
    l2,
    iterations,
  };
}

/** The probability (0..1) that an application with these features ends in a placement. */
export function predictProbability(model: PlacementModel, features: readonly Feature[]): number {
  const x = vectorFor(model, features);
  return sigmoid(model.bias + x.reduce((s, v, j) => s + v * model.weights[j], 0));
}

/** The features that moved this prediction most, largest first (unknown features move nothing). */
export function predictionReasons(model: PlacementModel, features: readonly Feature[], max = 3): PredictionReason[] {
  return model.featureNames
    .map((name, j): PredictionReason | null => {
      const feature = features.find((f) => f.name === name);
      const value = valueOf(features, name);
      if (!feature || value === null) return null;
      const effect = model.weights[j] * (value - model.fillValues[j]);
      const contribution = model.weights[j] * value;
      return {
        name,
        label: FEATURE_LABELS[name],
        value,
        contribution,
        effect,
        direction: effect >= 0 ? 'raises' : 'lowers',
        explanation: feature.explanation,
      };
    })
    .filter((r): r is PredictionReason => r !== null && Math.abs(r.effect) >= 0.01)
    .sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect) || a.name.localeCompare(b.name))
    .slice(0, max);
}

/** Whether a stored value is a model this code can use (e.g. after reading it back from storage). */
export function isPlacementModel(value: unknown): value is PlacementModel {
  const m = value as Partial<PlacementModel> | null;
  const numbers = (xs: unknown, length: number) =>
    Array.isArray(xs) && xs.length === length && xs.every((x) => typeof x === 'number' && Number.isFinite(x));
  return (
    !!m &&
    m.kind === 'logistic-regression' &&
    m.version === 1 &&
    Array.isArray(m.featureNames) &&
    m.featureNames.every((n) => (FEATURE_NAMES as readonly string[]).includes(n)) &&
    numbers(m.weights, m.featureNames.length) &&
    numbers(m.fillValues, m.featureNames.length) &&
    typeof m.bias === 'number' &&
    Number.isFinite(m.bias) &&
    typeof m.trainedAt === 'string' &&
    typeof m.trainingSize === 'number' &&
    typeof m.placements === 'number'
  );
}
