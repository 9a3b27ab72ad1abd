import { evaluatePlacementModel, historyCheck, stratifiedFolds, stratifiedSplit } from '../../../../lambdas/ats/prediction/evaluation';
import type { TrainingExample } from '../../../../lambdas/ats/prediction/model';
import { seededRandom } from '../../../../lambdas/ats/prediction/seeded-random';

const items = (placed: number, notPlaced: number) =>
  Array.from({ length: placed + notPlaced }, (_, i) => ({ id: `a${i}`, label: (i < placed ? 1 : 0) as 0 | 1 }));

function examples(seed: number, size: number, signal: boolean): TrainingExample[] {
  const random = seededRandom(seed);
  return Array.from({ length: size }, () => {
    const coverage = Math.round(random() * 5) / 5;
    const label = (signal ? coverage >= 0.6 !== random() < 0.1 : random() < 0.3) ? 1 : 0;
    return {
      label,
      features: [
        { name: 'must-have-coverage' as const, value: coverage, explanation: '' },
        { name: 'location-match' as const, value: random(), explanation: '' },
      ],
    };
  });
}
const options = { seed: 7, featureNames: ['must-have-coverage', 'location-match'] as const, trainedAt: '2026-06-30T00:00:00.000Z' };

describe('held-out splits', () => {
  it('holds out a fifth of each class, and nothing held out is also trained on', () => {
    const all = items(40, 160);
    const { training, heldOut } = stratifiedSplit(all, 0.2, 'seed');
    expect(heldOut.filter((i) => i.label === 1)).toHaveLength(8);
    expect(heldOut.filter((i) => i.label === 0)).toHaveLength(32);
    const trainingIds = new Set(training.map((i) => i.id));
    expect(heldOut.some((i) => trainingIds.has(i.id))).toBe(false);
    expect(new Set([...trainingIds, ...heldOut.map((i) => i.id)]).size).toBe(200);
  });

  it('is the same split for the same seed and another for another seed', () => {
    const all = items(40, 160);
    expect(stratifiedSplit(all, 0.2, 1)).toEqual(stratifiedSplit(all, 0.2, 1));
    expect(stratifiedSplit(all, 0.2, 1).heldOut).not.toEqual(stratifiedSplit(all, 0.2, 2).heldOut);
  });

  it('keeps at least one of a small class on each side', () => {
    const { training, heldOut } = stratifiedSplit(items(2, 50), 0.2, 3);
    expect(heldOut.filter((i) => i.label === 1)).toHaveLength(1);
    expect(training.filter((i) => i.label === 1)).toHaveLength(1);
  });

  it('deals k folds with the same mix, every item in exactly one', () => {
    const folds = stratifiedFolds(items(10, 40), 5, 'x');
    expect(folds.map((f) => f.filter((i) => i.label === 1).length)).toEqual([2, 2, 2, 2, 2]);
    expect(folds.map((f) => f.length)).toEqual([10, 10, 10, 10, 10]);
    expect(new Set(folds.flat().map((i) => i.id)).size).toBe(50);
  });
});

describe('history minimums', () => {
  it('asks for 30 closed applications including 5 placements, with the counts the user has', () => {
    expect(historyCheck([1, 1, ...Array<0>(10).fill(0)])).toEqual({
      status: 'insufficient-history',
      message: 'Placement prediction needs at least 30 closed applications including 5 placements in your ATS; you have 12 (2 placements).',
      closedApplications: 12,
      placements: 2,
      required: { closedApplications: 30, placements: 5 },
    });
    expect(historyCheck([1, ...Array<0>(49).fill(0)])?.message).toMatch(/you have 50 \(1 placement\)\.$/);
    expect(historyCheck([])?.message).toMatch(/you have 0 \(0 placements\)\.$/);
    expect(historyCheck(Array<1>(40).fill(1))?.message).toMatch(/all 40 of yours were placements\.$/);
    expect(historyCheck([...Array<1>(5).fill(1), ...Array<0>(25).fill(0)])).toBeNull();
  });
});

describe('evaluation against the majority baseline', () => {
  it('reports a real signal as beating the baseline, in words a recruiter reads', () => {
    const { evaluation, model } = evaluatePlacementModel(examples(1, 200, true), options);
    expect(evaluation).toMatchObject({
      method: 'held-out',
      rounds: 1,
      heldOutSize: 40,
      trainingSize: 160,
      beatsBaseline: true,
      majorityClass: 'not placed',
    });
    expect(model.trainingSize).toBe(160);
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(evaluation.baselineAccuracy + 0.1);
    expect(evaluation.summary).toMatch(
      /^Correct on \d+ of 40 past applications it did not learn from \(\d+%\); always guessing 'not placed' would be \d+%\. Of the \d+ it expected to be placed, \d+ were \(\d+%\); it spotted \d+ of \d+ placements \(\d+%\)\.$/,
    );
    expect(evaluation.correct / evaluation.heldOutSize).toBeCloseTo(evaluation.accuracy);
  });

  it('says so when the model does no better than always guessing', () => {
    const { evaluation } = evaluatePlacementModel(examples(2, 200, false), options);
    expect(evaluation.beatsBaseline).toBe(false);
    expect(evaluation.accuracy - evaluation.baselineAccuracy).toBeLessThan(0.03);
  });

  it('cross-validates a short history so every application is tested once', () => {
    const history = examples(3, 60, true);
    const { evaluation, model } = evaluatePlacementModel(history, options);
    expect(evaluation).toMatchObject({ method: 'cross-validation', rounds: 5, heldOutSize: 60, trainingSize: 60 });
    expect(model.trainingSize).toBe(60);
    expect(evaluation.summary).toMatch(/Checked in 5 rounds, each holding back a different fifth of your history\.$/);
  });
});
