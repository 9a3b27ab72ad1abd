import type { Feature, FeatureName } from '../../../../lambdas/ats/prediction/features';
import {
  isPlacementModel,
  predictionReasons,
  predictProbability,
  trainLogisticRegression,
  type TrainingExample,
} from '../../../../lambdas/ats/prediction/model';
import { seededRandom } from '../../../../lambdas/ats/prediction/seeded-random';

const NAMES: readonly FeatureName[] = ['must-have-coverage', 'location-match', 'time-in-process'];

function example(coverage: number | null, location: number | null, time: number | null, label: 0 | 1): TrainingExample {
  const features: Feature[] = [
    { name: 'must-have-coverage', value: coverage, explanation: `coverage ${coverage}` },
    { name: 'location-match', value: location, explanation: `location ${location}` },
    { name: 'time-in-process', value: time, explanation: `time ${time}` },
  ];
  return { features, label };
}

/** Labels follow coverage (with 10% flipped); location and time are noise. */
function history(seed: number, size = 200): TrainingExample[] {
  const random = seededRandom(seed);
  return Array.from({ length: size }, () => {
    const coverage = Math.round(random() * 5) / 5;
    const label = coverage >= 0.6 !== random() < 0.1 ? 1 : 0;
    return example(coverage, random() < 0.5 ? 1 : 0, random(), label);
  });
}

const options = { featureNames: NAMES, trainedAt: '2026-06-30T00:00:00.000Z' };

describe('logistic regression for placements', () => {
  it('learns a positive weight for the feature that decides the outcome, and small ones for noise', () => {
    const model = trainLogisticRegression(history(1), options);
    expect(model.weights[0]).toBeGreaterThan(2);
    expect(Math.abs(model.weights[1])).toBeLessThan(model.weights[0] / 3);
    expect(Math.abs(model.weights[2])).toBeLessThan(model.weights[0] / 3);
    expect(predictProbability(model, example(1, 0, 0.5, 1).features)).toBeGreaterThan(0.8);
    expect(predictProbability(model, example(0, 1, 0.5, 0).features)).toBeLessThan(0.2);
  });

  it('stops at the optimum of the regularised log-loss: its gradient there is zero', () => {
    const examples = history(5);
    const model = trainLogisticRegression(examples, { featureNames: NAMES, trainedAt: '2026-06-30T00:00:00.000Z' });
    // The gradient computed here, apart from the trainer: mean (p - y)·x, plus l2·w for the weights.
    const gradient = [...NAMES.map(() => 0), 0];
    for (const { features, label } of examples) {
      const x = NAMES.map((name, j) => features.find((f) => f.name === name)?.value ?? model.fillValues[j]);
      const error = predictProbability(model, features) - label;
      x.forEach((value, j) => (gradient[j] += (error * value) / examples.length));
      gradient[NAMES.length] += error / examples.length;
    }
    model.weights.forEach((weight, j) => (gradient[j] += model.l2 * weight));

    for (const component of gradient) expect(Math.abs(component)).toBeLessThan(1e-6);
    expect(model.iterations).toBeLessThan(20);
  });

  it('is deterministic: the same examples give the very same model', () => {
    expect(trainLogisticRegression(history(2), options)).toEqual(trainLogisticRegression(history(2), options));
  });

  it('records what it was trained on and survives a JSON round trip', () => {
    const model = trainLogisticRegression(history(3, 120), options);
    expect(model).toMatchObject({
      kind: 'logistic-regression',
      version: 1,
      featureNames: NAMES,
      trainedAt: options.trainedAt,
      trainingSize: 120,
    });
    expect(model.placements).toBe(history(3, 120).filter((e) => e.label === 1).length);
    const restored: unknown = JSON.parse(JSON.stringify(model));
    expect(isPlacementModel(restored)).toBe(true);
    expect(isPlacementModel({ ...model, weights: [1] })).toBe(false);
    expect(isPlacementModel({ ...model, featureNames: ['shoe-size', 'x', 'y'] })).toBe(false);
    expect(isPlacementModel(null)).toBe(false);
  });

  it('keeps weights smaller with stronger L2 regularisation', () => {
    const loose = trainLogisticRegression(history(4), { ...options, l2: 0.001 });
    const tight = trainLogisticRegression(history(4), { ...options, l2: 0.5 });
    expect(Math.abs(tight.weights[0])).toBeLessThan(Math.abs(loose.weights[0]));
  });

  it('fills unknown values with the training average, so an unknown neither helps nor hurts', () => {
    const model = trainLogisticRegression(history(5), options);
    const known = predictProbability(model, example(model.fillValues[0], 1, 0.5, 0).features);
    expect(predictProbability(model, example(null, 1, 0.5, 0).features)).toBeCloseTo(known, 10);
    expect(predictionReasons(model, example(null, 1, 0.5, 0).features).map((r) => r.name)).not.toContain('must-have-coverage');
  });

  it('gives the features that moved a prediction most as reasons, with their explanations', () => {
    const model = trainLogisticRegression(history(6), options);
    const [first] = predictionReasons(model, example(1, 1, 0.5, 1).features);
    expect(first).toMatchObject({
      name: 'must-have-coverage',
      label: 'Must-haves met',
      direction: 'raises',
      explanation: 'coverage 1',
      value: 1,
    });
    expect(first.contribution).toBeCloseTo(model.weights[0]);
    expect(predictionReasons(model, example(0, 1, 0.5, 0).features)[0]).toMatchObject({ name: 'must-have-coverage', direction: 'lowers' });
  });

  it('refuses to train on nothing', () => {
    expect(() => trainLogisticRegression([], options)).toThrow('no examples');
  });
});
