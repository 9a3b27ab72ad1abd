import fc from 'fast-check';
import { BestFitOutputSchema } from '../../../../lambdas/shared/contracts/assistant';
import { bestFit } from '../../../../lambdas/assistant/domain/best-fit';
import {
  PLANTED_BEST_CANDIDATE_BY_JOB,
  sampleCandidatesFor,
  type SampleCandidate,
} from '../../../../lambdas/assistant/samples/sample-candidates';
import { SAMPLE_JOB_IDS, candidateIn, sampleJobContext } from './support/sample-job-contexts';

function rank(
  jobId: string,
  candidates: readonly SampleCandidate[] = sampleCandidatesFor(jobId),
  evaluations: Record<string, number> = {},
  confirmed = true,
) {
  return bestFit({
    job: sampleJobContext(jobId, { confirmed }),
    candidates: candidates.map((c) => ({ name: c.name, profile: c.profile, evaluationOverall: evaluations[c.name] ?? null })),
  });
}

function entry(output: ReturnType<typeof bestFit>, name: string) {
  const found = output.ranking.find((r) => r.name === name);
  if (!found) throw new Error(`${name} is not ranked`);
  return found;
}

describe('best-fit ranking of the sample candidates', () => {
  it.each(SAMPLE_JOB_IDS)(
    'puts the planted best candidate first for %s, the near miss second and the keyword-stuffer below both',
    (jobId) => {
      const output = rank(jobId);
      const names = output.ranking.map((r) => r.name);
      const best = sampleCandidatesFor(jobId).find((c) => c.id === PLANTED_BEST_CANDIDATE_BY_JOB[jobId]);
      expect(names[0]).toBe(best?.name);
      expect(names[1]).toBe(candidateIn(jobId, 'near-miss').name);
      expect(names.indexOf(candidateIn(jobId, 'keyword-stuffer').name)).toBeGreaterThan(1);
      expect(output.ranking.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
      expect(BestFitOutputSchema.safeParse(output).success).toBe(true);
    },
  );

  it('explains the backend ranking in plain English', () => {
    const output = rank('senior-backend-engineer');
    const priya = entry(output, 'Priya Raman');
    expect(priya.mustHavesMissing).toEqual([]);
    // Kotlin appears only in her skills list: a claim, not a nice-to-have met.
    expect(priya.niceToHavesMet).toEqual([
      'Apache Kafka or another event streaming platform',
      'Terraform',
      'Knowledge of PCI DSS compliance',
    ]);
    expect(priya.reasons).toEqual([
      'Meets all 6 must-haves',
      expect.stringMatching(
        /^Strongest evidence: "Led the rewrite of the card authorization service as Java 17 and Spring Boot microservices/,
      ),
      '8 years of experience, the job asks for 6+',
      'Has worked as Senior Backend Engineer',
      'Also brings Apache Kafka, Terraform and PCI DSS',
    ]);
    const marcus = entry(output, 'Marcus Bell');
    expect(marcus.mustHavesMissing).toEqual(['Production experience with Kubernetes and Docker']);
    expect(marcus.reasons.slice(0, 2)).toEqual(['Meets 5 of 6 must-haves', 'No evidence of Kubernetes and Docker']);
    expect(output.recommendation).toBe(
      `Recommend Priya Raman (${priya.score}/100): meets all 6 must-haves with evidence, 8 years of experience; next is Marcus Bell (${marcus.score}, no evidence of Kubernetes and Docker).`,
    );
  });

  it('sees through a skills list with no experience behind it', () => {
    const output = rank('senior-backend-engineer');
    const jordan = entry(output, 'Jordan Kim');
    expect(jordan.mustHavesMet).toEqual([]);
    expect(jordan.reasons).toContain('Lists all 6 must-haves but shows work for none of them');
    expect(jordan.reasons).toContain('Lists Kubernetes and Docker but shows no experience of it');
    expect(jordan.reasons).toContain('1 year of experience; the job asks for 6+');
    expect(jordan.score).toBeLessThan(30);
    const brittany = entry(rank('icu-registered-nurse'), 'Brittany Hall');
    expect(brittany.reasons).toContain(
      'Names Registered Nurse license in Wisconsin or a multistate compact license only in a keyword list, with no license or certificate details',
    );
  });

  it('names the one must-have each near miss lacks', () => {
    expect(entry(rank('icu-registered-nurse'), 'Daniel Reyes')).toMatchObject({
      mustHavesMissing: ['BLS and ACLS certification from the American Heart Association'],
      // Nights and weekends are availability, confirmed at screening rather than read from a resume.
      reasons: expect.arrayContaining([
        'Meets 3 of 4 must-haves',
        'No evidence of ACLS',
        'To confirm at screening: work 12-hour night shifts and every third weekend',
      ]),
    });
    expect(entry(rank('senior-accountant'), 'Thomas Hughes')).toMatchObject({
      mustHavesMissing: ['Inventory and cost accounting experience in a manufacturing environment'],
      reasons: expect.arrayContaining([
        'Meets 5 of 6 must-haves',
        'No evidence of inventory and cost accounting in a manufacturing environment',
      ]),
    });
  });

  it('lifts a candidate with a strong interview evaluation and says so', () => {
    const without = entry(rank('senior-backend-engineer'), 'Marcus Bell');
    const withEvaluation = entry(rank('senior-backend-engineer', undefined, { 'Marcus Bell': 98 }), 'Marcus Bell');
    expect(withEvaluation.score).toBeGreaterThan(without.score);
    expect(withEvaluation.evaluationOverall).toBe(98);
    expect(withEvaluation.reasons).toContain('Interview evaluation 98/100');
    expect(without.evaluationOverall).toBeNull();
    const poor = entry(rank('senior-backend-engineer', undefined, { 'Marcus Bell': 10 }), 'Marcus Bell');
    expect(poor.score).toBeLessThan(without.score);
  });

  it('lets a strong evaluation decide between candidates whose resumes are equally good', () => {
    const priya = candidateIn('senior-backend-engineer', 'best-fit');
    const twins = [
      { ...priya, name: 'Avery Stone' },
      { ...priya, name: 'Blake Stone' },
    ];
    expect(rank('senior-backend-engineer', twins).ranking.map((r) => r.name)).toEqual(['Avery Stone', 'Blake Stone']);
    expect(rank('senior-backend-engineer', twins, { 'Blake Stone': 100, 'Avery Stone': 40 }).ranking.map((r) => r.name)).toEqual([
      'Blake Stone',
      'Avery Stone',
    ]);
  });

  it('breaks ties by name, whatever order the candidates come in', () => {
    const profile = candidateIn('senior-accountant', 'near-miss').profile;
    const forward = ['Zoe Quinn', 'Adam Quinn', 'Mia Quinn'].map((name, i) => ({
      id: String(i),
      jobId: 'senior-accountant',
      name,
      role: 'near-miss' as const,
      profile,
    }));
    const names = rank('senior-accountant', forward).ranking.map((r) => r.name);
    expect(names).toEqual(['Adam Quinn', 'Mia Quinn', 'Zoe Quinn']);
    expect(rank('senior-accountant', [...forward].reverse()).ranking.map((r) => r.name)).toEqual(names);
  });

  it('ranks against must-haves derived from the description when none are confirmed', () => {
    for (const jobId of SAMPLE_JOB_IDS) {
      const best = sampleCandidatesFor(jobId).find((c) => c.id === PLANTED_BEST_CANDIDATE_BY_JOB[jobId]);
      expect(rank(jobId, undefined, {}, false).ranking[0].name).toBe(best?.name);
    }
  });

  it('never throws on odd resumes and evaluations, and keeps scores within 0-100', () => {
    const job = sampleJobContext('icu-registered-nurse');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.string({ maxLength: 120 }),
            profile: fc.string({ maxLength: 1_500 }),
            evaluationOverall: fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: false })),
          }),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        (candidates) => {
          const output = bestFit({ job, candidates });
          expect(BestFitOutputSchema.safeParse(output).success).toBe(true);
          expect(output.ranking).toHaveLength(candidates.length);
          for (const r of output.ranking) {
            expect(r.score).toBeGreaterThanOrEqual(0);
            expect(r.score).toBeLessThanOrEqual(100);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('best fit, read the way a recruiter reads a resume (fixtures written for this test)', () => {
  const job = (title: string, description: string, mustHaves: readonly string[] = []) => ({
    title,
    description,
    companyInfo: '',
    location: '',
    mustHaves: mustHaves.map((text) => ({ text, kind: 'other' as const })),
    niceToHaves: [],
  });
  const candidate = (name: string, profile: string) => ({ name, profile, evaluationOverall: null });

  it('leaves the right to work and lifting to screening: a resume that says "United States" or "lifted" does not meet them', () => {
    const output = bestFit({
      job: job('Warehouse Associate', 'Duties\nLoad trailers and count inventory.', [
        'Forklift experience',
        'Must be authorized to work in the United States',
        'Able to lift 50 lbs',
      ]),
      candidates: [
        candidate(
          'Sam Ortiz',
          'Experience\nWarehouse Associate, Fresh Foods, 2018 - 2024\nDrove a forklift in the largest United States depot of the chain and lifted 200 boxes a shift.',
        ),
      ],
    });
    const [sam] = output.ranking;
    expect(sam.mustHavesMet).toEqual(['Forklift experience']);
    expect(sam.mustHavesMissing).toEqual([]);
    expect(sam.reasons).toContain('Meets all 1 must-have');
    expect(sam.reasons).toContain('To confirm at screening: authorized to work in the United States and lift 50 lbs');
  });

  it('reads abbreviated titles ("Lab Tech") as the job title they abbreviate', () => {
    const work = '2016 - 2024\nRan tests on samples and recorded results for 30 orders a day.';
    const output = bestFit({
      job: job('Laboratory Technician', 'Duties\nRun laboratory tests on samples and record results.'),
      candidates: [
        candidate('Ana Pharm', `Experience\nPharmacy Technician, City Pharmacy, ${work}`),
        candidate('Ben Lab', `Experience\nLab Tech, City Labs, ${work}`),
      ],
    });
    expect(output.ranking.map((r) => r.name)).toEqual(['Ben Lab', 'Ana Pharm']);
    expect(entry(output, 'Ben Lab').reasons).toContain('Has worked as Laboratory Technician');
  });

  it('reads words that name object properties ("constructor", "toString") as plain words', () => {
    const output = bestFit({
      job: job('Constructor Developer', 'Duties\nWrite a constructor and toString for each class.'),
      candidates: [
        candidate('Jo Proto', 'Experience\nConstructor toString valueOf Developer, 2019 - 2024\nWrote a constructor for 12 classes.'),
      ],
    });
    expect(output.ranking[0].reasons).toContain('Has worked as Constructor Developer');
  });

  it('does not take a Legal Assistant for a Paralegal because one word ends the other', () => {
    const work = 'Smith Law, 2016 - 2024\nDrafted pleadings and managed discovery for 25 cases a year.';
    const output = bestFit({
      job: job('Paralegal', 'Duties\nDraft pleadings and manage discovery for the litigation team.'),
      candidates: [
        candidate('Lee Assistant', `Experience\nLegal Assistant, ${work}`),
        candidate('Kim Paralegal', `Experience\nParalegal, ${work}`),
      ],
    });
    expect(output.ranking.map((r) => r.name)).toEqual(['Kim Paralegal', 'Lee Assistant']);
    expect(entry(output, 'Lee Assistant').reasons).toContain('No Paralegal title in the resume');
  });
});
