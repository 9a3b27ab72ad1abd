import type { AtsApplication } from '../../../../lambdas/ats/ats-port';
import { FEATURE_NAMES } from '../../../../lambdas/ats/prediction/features';
import {
  DEFAULT_MODEL_FEATURES,
  predictPlacements,
  trainPlacementModel,
  type PlacementTraining,
} from '../../../../lambdas/ats/prediction/placement-prediction';
import { syntheticHistory } from '../../../../local/ats/synthetic-history';

// Reading 300 profiles against five must-haves each takes a second or two on a busy machine.
jest.setTimeout(30_000);

/** Trainings on the 300-application histories take about a second each: each is run once per file. */
const memo = new Map<string, PlacementTraining>();
function once(key: string, train: () => PlacementTraining): PlacementTraining {
  if (!memo.has(key)) memo.set(key, train());
  return memo.get(key) as PlacementTraining;
}
const withSignal = (historySeed: number) =>
  once(`signal-${historySeed}`, () => trainPlacementModel({ ...syntheticHistory({ seed: historySeed }), seed: 1 }));
const withoutSignal = () => once('no-signal', () => trainPlacementModel({ ...syntheticHistory({ seed: 11, signal: false }), seed: 1 }));

function trained(result: PlacementTraining) {
  if (result.status !== 'trained') throw new Error(`expected a trained model, got ${result.status}: ${result.message}`);
  return result;
}

describe('training a placement model on ATS history', () => {
  it.each([11, 22])('learns the planted signal (history %i): well above the baseline, must-have coverage weighing most', (historySeed) => {
    const { model, evaluation } = trained(withSignal(historySeed));
    expect(evaluation.method).toBe('held-out');
    expect(evaluation.heldOutSize).toBe(60);
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(evaluation.baselineAccuracy + 0.1);
    const coverage = model.weights[model.featureNames.indexOf('must-have-coverage')];
    const location = model.weights[model.featureNames.indexOf('location-match')];
    expect(coverage).toBeGreaterThan(0);
    expect(location).toBeGreaterThan(0);
    for (const w of model.weights) expect(Math.abs(w)).toBeLessThanOrEqual(coverage);
    expect(model.trainedAt).toBe('2026-06-30T00:00:00.000Z');
    expect(model.trainingSize).toBe(evaluation.trainingSize);
  });

  it('does not present a model when outcomes do not depend on the candidates', () => {
    const result = withoutSignal();
    expect(result.status).toBe('weak-signal');
    if (result.status !== 'weak-signal') return;
    expect(result).not.toHaveProperty('model');
    expect(result.evaluation.beatsBaseline).toBe(false);
    expect(result.message).toMatch(
      /^Not reliable yet: on 60 past applications it did not learn from it was right \d+% of the time, and always guessing 'not placed' would be right \d+%\./,
    );
  });

  it('says exactly how much history is missing', () => {
    const history = syntheticHistory({ seed: 3, closedApplications: 12, activeApplications: 3 });
    const closed = history.applications.map((a, i): AtsApplication =>
      a.status === 'active' ? a : { ...a, status: i < 2 ? 'hired' : 'rejected' },
    );
    // An application to a job the sync has not read yet cannot be used, so it is not counted.
    const orphan: AtsApplication = { ...closed[0], id: 'app-orphan', jobId: 'job-unknown', status: 'hired' };
    // A page read twice during a resumed sync repeats applications; each counts once.
    const result = trainPlacementModel({ ...history, applications: [...closed, orphan, closed[0], closed[5]], seed: 1 });
    expect(result).toEqual({
      status: 'insufficient-history',
      message: 'Placement prediction needs at least 30 closed applications including 5 placements in your ATS; you have 12 (2 placements).',
      closedApplications: 12,
      placements: 2,
      required: { closedApplications: 30, placements: 5 },
    });
  });

  it('is deterministic: the same history and seed give the same model and figures, whatever order the ATS listed them in', () => {
    const history = syntheticHistory({ seed: 5, closedApplications: 100 });
    const first = trainPlacementModel({ ...history, seed: 'abc' });
    expect(trainPlacementModel({ ...syntheticHistory({ seed: 5, closedApplications: 100 }), seed: 'abc' })).toEqual(first);
    expect(trainPlacementModel({ ...history, applications: [...history.applications].reverse(), seed: 'abc' })).toEqual(first);
  });

  it('derives must-haves from the ATS job descriptions when none are confirmed', () => {
    const { mustHavesByJob: _confirmed, ...history } = syntheticHistory({ seed: 11 });
    const { model, evaluation } = trained(trainPlacementModel({ ...history, seed: 1 }));
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(evaluation.baselineAccuracy + 0.1);
    expect(model.weights[0]).toBeGreaterThan(0);
  });

  it('leaves out the stage an application closed in, which would give its outcome away', () => {
    expect(DEFAULT_MODEL_FEATURES).not.toContain('stages-reached');
    const history = syntheticHistory({ seed: 11, signal: false });
    // With the stage, even outcomes that ignore the candidates look perfectly predictable: placements close at "Offer".
    const leaky = trainPlacementModel({ ...history, seed: 1, featureNames: FEATURE_NAMES });
    expect(leaky.status).toBe('trained');
    expect(withoutSignal().status).toBe('weak-signal');
  });

  it('copes with an empty ATS and with applications missing candidates and dates', () => {
    expect(trainPlacementModel({ jobs: [], candidates: [], applications: [], now: '', seed: 0 })).toMatchObject({
      status: 'insufficient-history',
      closedApplications: 0,
      placements: 0,
    });
    const history = syntheticHistory({ seed: 11, closedApplications: 60 });
    const damaged = history.applications.map((a, i) =>
      i % 4 === 0 ? { ...a, appliedAt: null, closedAt: null, candidateId: 'nobody' } : a,
    );
    expect(() =>
      trainPlacementModel({ ...history, applications: damaged, candidates: history.candidates.slice(10), seed: 2 }),
    ).not.toThrow();
  });
});

describe('predicting placements for a job', () => {
  const history = syntheticHistory({ seed: 11 });
  const { model } = trained(withSignal(11));
  const job = history.jobs[0];
  const predictions = predictPlacements(model, {
    job,
    candidates: history.candidates,
    applications: history.applications,
    mustHaves: history.mustHavesByJob[job.id],
    now: history.now,
  });

  it("ranks the job's active applications, most likely placement first, as percentages", () => {
    const active = history.applications.filter((a) => a.jobId === job.id && a.status === 'active');
    expect(predictions.map((p) => p.applicationId).sort()).toEqual(active.map((a) => a.id).sort());
    for (const p of predictions) expect(Number.isInteger(p.probability) && p.probability >= 0 && p.probability <= 100).toBe(true);
    expect(predictions.map((p) => p.probability)).toEqual([...predictions.map((p) => p.probability)].sort((a, b) => b - a));
    expect(predictions[0].probability).toBeGreaterThan(predictions[predictions.length - 1].probability);
  });

  it('ranks a local candidate meeting every must-have above a distant one meeting none, and says why', () => {
    const strong = {
      ...history.candidates[0],
      id: 'strong',
      name: 'Strong',
      location: job.location,
      profile: 'Built Java services. Runs services on Kubernetes. Designed PostgreSQL schemas. Built pipelines on Kafka. Deployed to AWS.',
    };
    const weak = { ...history.candidates[0], id: 'weak', name: 'Weak', location: 'Miami, FL', profile: 'Enjoys hiking.' };
    const base = history.applications.find((a) => a.status === 'active' && a.jobId === job.id) as AtsApplication;
    const ranked = predictPlacements(model, {
      job,
      candidates: [strong, weak],
      applications: [
        { ...base, id: 'app-weak', candidateId: 'weak' },
        { ...base, id: 'app-strong', candidateId: 'strong' },
      ],
      now: history.now,
    });
    expect(ranked.map((p) => p.candidateName)).toEqual(['Strong', 'Weak']);
    expect(ranked[0].probability).toBeGreaterThan(70);
    expect(ranked[1].probability).toBeLessThan(30);
    expect(ranked[0].reasons[0]).toMatchObject({ name: 'must-have-coverage', direction: 'raises', explanation: 'Meets 5 of 5 must-haves' });
    expect(ranked[1].reasons[0]).toMatchObject({ name: 'must-have-coverage', direction: 'lowers' });
  });

  it('predicts nothing for a job without active applications', () => {
    expect(
      predictPlacements(model, { job: { ...job, id: 'job-none' }, candidates: [], applications: history.applications, now: history.now }),
    ).toEqual([]);
  });
});
