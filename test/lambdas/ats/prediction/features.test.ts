import type { AtsApplication, AtsCandidate, AtsJob } from '../../../../lambdas/ats/ats-port';
import {
  applicationFeatures,
  FEATURE_NAMES,
  mustHavesOfJob,
  type Feature,
  type FeatureName,
} from '../../../../lambdas/ats/prediction/features';
import { compareLocations, stageLevel, titleSimilarity } from '../../../../lambdas/ats/prediction/signals';

const job: AtsJob = {
  id: 'job-1',
  title: 'Senior Backend Engineer',
  status: 'open',
  location: 'Austin, TX',
  department: 'Engineering',
  description: 'Senior Backend Engineer\n\nRequirements:\n- 5+ years of Java\n- Kubernetes\n- PostgreSQL\n- Kafka\n- AWS\n',
  createdAt: null,
  updatedAt: null,
};
const mustHaves = ['5+ years of Java', 'Kubernetes', 'PostgreSQL', 'Kafka', 'AWS'];

const candidate: AtsCandidate = {
  id: 'cand-1',
  name: 'Ada',
  headline: 'Senior Backend Engineer at Acme',
  location: 'Austin, Texas',
  profile:
    'Backend engineer with 7 years of experience in Java. Runs services on Kubernetes. Built event pipelines on Kafka. Designed PostgreSQL schemas.',
  createdAt: null,
  updatedAt: null,
};

const application: AtsApplication = {
  id: 'app-1',
  candidateId: 'cand-1',
  jobId: 'job-1',
  status: 'rejected',
  stage: 'Onsite interview',
  appliedAt: '2026-03-01T00:00:00.000Z',
  closedAt: '2026-03-31T00:00:00.000Z',
  updatedAt: null,
};
const now = '2026-06-30T00:00:00.000Z';

function feature(features: readonly Feature[], name: FeatureName): Feature {
  const found = features.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

describe('placement features of an application', () => {
  const { features } = applicationFeatures({ job, mustHaves, candidate, application, now });

  it('has every feature once, in order, each within 0..1 or unknown, each explained', () => {
    expect(features.map((f) => f.name)).toEqual([...FEATURE_NAMES]);
    for (const f of features) {
      if (f.value !== null) expect(f.value >= 0 && f.value <= 1).toBe(true);
      expect(f.explanation.length).toBeGreaterThan(5);
    }
  });

  it('counts must-haves met with the assistant matcher: 4 of 5 is 0.8, and names what is missing', () => {
    const coverage = feature(features, 'must-have-coverage');
    expect(coverage.value).toBeCloseTo(0.8);
    expect(coverage.explanation).toBe('Meets 4 of 5 must-haves (not shown: AWS)');
  });

  it('matches seniority, city, years and current title', () => {
    expect(feature(features, 'seniority-match')).toMatchObject({ value: 1, explanation: 'Senior, as the job asks' });
    expect(feature(features, 'location-match').value).toBe(1);
    expect(feature(features, 'experience-years')).toMatchObject({ value: 1, explanation: '7 years of experience; the job asks for 5+' });
    expect(feature(features, 'title-similarity').value).toBe(1);
    expect(feature(features, 'stages-reached')).toMatchObject({ value: 5 / 6, explanation: 'Reached Onsite interview (stage 5 of 6)' });
  });

  it('measures time in process from applied to closed, and to `now` while active', () => {
    expect(feature(features, 'time-in-process')).toMatchObject({ value: 30 / 180, explanation: 'Closed after 30 days' });
    const active = { ...application, status: 'active' as const, closedAt: null };
    const open = applicationFeatures({ job, mustHaves, candidate, application: active, now });
    expect(feature(open.features, 'time-in-process')).toMatchObject({ value: 121 / 180, explanation: 'In process for 121 days' });
    const long = applicationFeatures({ job, mustHaves, candidate, application: active, now: '2027-06-30T00:00:00.000Z' });
    expect(feature(long.features, 'time-in-process').value).toBe(1);
    const recent = applicationFeatures({ job, mustHaves, candidate, application: active, now: '2026-03-10T00:00:00.000Z' });
    expect(feature(recent.features, 'time-in-process').value).toBeCloseTo(9 / 180);
  });

  it('scores a junior in another state low on seniority, location and years', () => {
    const junior = {
      ...candidate,
      headline: 'Junior Developer at Beta',
      location: 'Seattle, WA',
      profile: 'Two years of experience with Java.',
    };
    const { features: f } = applicationFeatures({ job, mustHaves, candidate: junior, application, now });
    expect(feature(f, 'seniority-match')).toMatchObject({ value: 0.5, explanation: 'Entry-level; the job is senior' });
    expect(feature(f, 'location-match')).toMatchObject({ value: 0, explanation: 'Lives in Seattle, WA; the job is in Austin, TX' });
    expect(feature(f, 'experience-years').value).toBeCloseTo(2 / 5);
    expect(feature(f, 'must-have-coverage').value).toBeLessThan(0.5);
  });

  it('proposes must-haves from the ATS description when none are confirmed', () => {
    expect(mustHavesOfJob(job)).toEqual(mustHaves);
  });

  it('never throws on empty text, missing dates, a missing candidate or an unknown stage, and says what is unknown', () => {
    const empty: AtsJob = { ...job, title: '', location: '', description: '' };
    const bare: AtsApplication = { ...application, stage: 'Stage 7b', appliedAt: null, closedAt: 'not a date', updatedAt: null };
    const result = applicationFeatures({ job: empty, mustHaves: [], candidate: null, application: bare, now: '' });
    expect(result.features.map((f) => f.value)).toEqual([null, null, null, null, null, null, null]);
    expect(feature(result.features, 'must-have-coverage').explanation).toBe('The job has no must-haves to compare');
    expect(feature(result.features, 'time-in-process').explanation).toBe('Dates in process unknown');
    const odd = { ...candidate, headline: undefined, location: 42, profile: null } as unknown as AtsCandidate;
    expect(() =>
      applicationFeatures({
        job,
        mustHaves: ['', 'Java'],
        candidate: odd,
        application: { ...application, closedAt: '2026-01-01T00:00:00Z' },
        now,
      }),
    ).not.toThrow();
    expect(
      feature(
        applicationFeatures({ job, mustHaves, candidate, application: { ...application, closedAt: '2026-01-01T00:00:00Z' }, now }).features,
        'time-in-process',
      ).value,
    ).toBeNull();
  });
});

describe('comparisons behind the features', () => {
  it('compares locations: remote jobs, same city, same region, elsewhere, unknown', () => {
    expect(compareLocations('Lisbon, Portugal', 'Remote').value).toBe(1);
    expect(compareLocations('Denver, CO', 'Remote (US)').value).toBe(1);
    expect(compareLocations('Chicago, IL', 'Chicago, IL (hybrid)').value).toBe(1);
    expect(compareLocations('Evanston, IL', 'Chicago, IL')).toMatchObject({
      value: 0.5,
      explanation: 'Same region as the job (IL), another city',
    });
    expect(compareLocations('Boston, MA', 'Chicago, IL').value).toBe(0);
    expect(compareLocations('Remote', 'Chicago, IL').value).toBe(0);
    expect(compareLocations('', 'Chicago, IL').value).toBeNull();
    expect(compareLocations('Boston, MA', '').value).toBeNull();
  });

  it('places stage names on a ladder from applied to offer', () => {
    expect(stageLevel('Application Review')).toBe(1);
    expect(stageLevel('Phone Screen')).toBe(2);
    expect(stageLevel('Phone interview')).toBe(2);
    expect(stageLevel('Take-home assignment')).toBe(3);
    expect(stageLevel('Interview')).toBe(4);
    expect(stageLevel('Final interview')).toBe(5);
    expect(stageLevel('Offer')).toBe(6);
    expect(stageLevel('')).toBeNull();
    expect(stageLevel('Bucket 3')).toBeNull();
  });

  it('rates title similarity by the job title and its variants, seniority aside', () => {
    expect(titleSimilarity('Senior Backend Engineer', 'Backend Developer')).toBe(1);
    expect(titleSimilarity('Registered Nurse - ICU', 'Accountant')).toBe(0);
    expect(titleSimilarity('', 'Accountant')).toBeNull();
    expect(titleSimilarity('Accountant', '')).toBeNull();
  });
});

describe('region names in explanations', () => {
  it('shows a spelled-out region as the job writes it', () => {
    expect(compareLocations('Nuremberg, Bavaria', 'Munich, Bavaria').explanation).toBe('Same region as the job (Bavaria), another city');
  });
});
