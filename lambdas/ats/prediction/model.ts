import { FEATURE_LABELS, FEATURE_NAMES, type Feature, type FeatureName } from './features';

/**
 * Logistic regression on the placement features, with L2 regularisation, fitted by Newton's
 * method. Chosen because it learns from a few dozen examples, needs no library, gives the same
 * model for the same data on every run (zero start, no randomness), and its weights say plainly
 * which feature pushed a prediction up or down. Newton's method because the loss is smooth and
 * strictly convex over a handful of features: it reaches the optimum in about ten steps, where
 * gradient descent took some 1,500 passes over the history (seconds of Lambda time per sync).
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
/** Newton steps allowed; the optimum is usually reached in under ten. */
const MAX_ITERATIONS = 50;
/** Stop once a step improves the loss by less than this. */
const TOLERANCE = 1e-12;

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

/**
 * The regularised mean log-loss at θ = (w…, b), with its gradient and Hessian, in one pass over
 * the examples. The bias (θ's last entry) is not regularised.
 */
function lossGradientHessian(xs: readonly number[][], ys: readonly number[], theta: readonly number[], l2: number) {
  const n = xs.length;
  const d = theta.length;
  const gradient = theta.map((t, j) => (j < d - 1 ? l2 * t : 0));
  const hessian = theta.map((_, j) => theta.map((__, k) => (j === k && j < d - 1 ? l2 : 0)));
  let sum = 0;
  for (let i = 0; i < n; i += 1) {
    const x = [...xs[i], 1];
    let z = 0;
    for (let j = 0; j < d; j += 1) z += x[j] * theta[j];
    const p = sigmoid(z);
    sum -= ys[i] ? Math.log(Math.max(p, 1e-12)) : Math.log(Math.max(1 - p, 1e-12));
    const error = (p - ys[i]) / n;
    const curvature = (p * (1 - p)) / n;
    for (let j = 0; j < d; j += 1) {
      gradient[j] += error * x[j];
      for (let k = 0; k < d; k += 1) hessian[j][k] += curvature * x[j] * x[k];
    }
  }
  const penalty = (l2 / 2) * theta.slice(0, d - 1).reduce((s, t) => s + t * t, 0);
  return { loss: sum / n + penalty, gradient, hessian };
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(matrix: readonly number[][], vector: readonly number[]): number[] {
  const d = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i]]);
  for (let column = 0; column < d; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < d; row += 1) if (Math.abs(a[row][column]) > Math.abs(a[pivot][column])) pivot = row;
    [a[column], a[pivot]] = [a[pivot], a[column]];
    for (let row = column + 1; row < d; row += 1) {
      const factor = a[row][column] / a[column][column];
      for (let k = column; k <= d; k += 1) a[row][k] -= factor * a[column][k];
    }
  }
  const x = new Array<number>(d).fill(0);
  for (let row = d - 1; row >= 0; row -= 1) {
    let sum = a[row][d];
    for (let k = row + 1; k < d; k += 1) sum -= a[row][k] * x[k];
    x[row] = sum / a[row][row];
  }
  return x;
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
  // θ = (w…, b), from zero. Each Newton step is halved until it lowers the loss (the loss is
  // convex, so a full step is almost always taken); no lower loss within reach means the optimum.
  let theta = [...names.map(() => 0), 0];
  let here = lossGradientHessian(xs, ys, theta, l2);
  let iterations = 0;
  while (iterations < MAX_ITERATIONS) {
    iterations += 1;
    const step = solve(here.hessian, here.gradient);
    if (!step.every(Number.isFinite)) break;
    let scale = 1;
    let next = theta.map((t, j) => t - step[j]);
    let there = lossGradientHessian(xs, ys, next, l2);
    while (there.loss > here.loss && scale > 1e-6) {
      scale /= 2;
      next = theta.map((t, j) => t - scale * step[j]);
      there = lossGradientHessian(xs, ys, next, l2);
    }
    if (there.loss > here.loss) break;
    const improvement = here.loss - there.loss;
    [theta, here] = [next, there];
    if (improvement < TOLERANCE) break;
  }
  const w = theta.slice(0, -1);
  const b = theta[theta.length - 1];
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
