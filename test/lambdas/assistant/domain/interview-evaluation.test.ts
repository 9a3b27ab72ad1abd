import fc from 'fast-check';
import { EvaluationOutputSchema, type ScreeningQuestion } from '../../../../lambdas/shared/contracts/assistant';
import { evaluateAnswers, scoreAnswer } from '../../../../lambdas/assistant/domain/interview-evaluation';
import { screeningQuestions } from '../../../../lambdas/assistant/domain/screening-questions';
import { SAMPLE_INTERVIEW_ANSWERS, sampleAnswerFor, type SampleAnswerSet } from '../../../../lambdas/assistant/samples/sample-candidates';
import { sampleJobContext } from './support/sample-job-contexts';

const BACKEND = sampleJobContext(SAMPLE_INTERVIEW_ANSWERS.jobId);
const BACKEND_QUESTIONS = screeningQuestions(BACKEND).questions;
const NURSE_QUESTIONS = screeningQuestions(sampleJobContext('icu-registered-nurse')).questions;

function question(questions: readonly ScreeningQuestion[], requirement: RegExp): ScreeningQuestion {
  const found = questions.find((q) => requirement.test(q.requirement));
  if (!found) throw new Error(`No question about ${requirement}`);
  return found;
}

function evaluate(set: SampleAnswerSet) {
  return evaluateAnswers({
    job: BACKEND,
    candidateName: set.candidateName,
    answers: BACKEND_QUESTIONS.map((q) => ({ question: q, answer: sampleAnswerFor(set, q.requirement) })),
  });
}

describe('evaluating interview answers', () => {
  const strong = evaluate(SAMPLE_INTERVIEW_ANSWERS.strong);
  const weak = evaluate(SAMPLE_INTERVIEW_ANSWERS.weak);

  it('scores the specific, first-hand answers far above the vague ones', () => {
    expect(strong.overall).toBeGreaterThanOrEqual(85);
    expect(weak.overall).toBeLessThanOrEqual(15);
    for (const score of strong.scores.filter((s) => BACKEND_QUESTIONS.find((q) => q.id === s.questionId)?.kind === 'knockout')) {
      expect(score.score).toBe(5);
      expect(score.meetsRequirement).toBe(true);
    }
    expect(EvaluationOutputSchema.safeParse(strong).success).toBe(true);
    expect(EvaluationOutputSchema.safeParse(weak).success).toBe(true);
  });

  it('quotes the evidence for every covered point from the answer itself', () => {
    for (const [set, output] of [
      [SAMPLE_INTERVIEW_ANSWERS.strong, strong],
      [SAMPLE_INTERVIEW_ANSWERS.weak, weak],
    ] as const) {
      for (const score of output.scores) {
        const asked = BACKEND_QUESTIONS.find((q) => q.id === score.questionId) as ScreeningQuestion;
        const answer = sampleAnswerFor(set, asked.requirement);
        for (const { evidence } of score.covered) expect(answer).toContain(evidence);
        expect([...score.covered.map((c) => c.point), ...score.missing].sort()).toEqual([...asked.goodAnswer].sort());
      }
    }
  });

  it('shows which words earned each rubric point on the Kubernetes and Kafka answers', () => {
    const kubernetes = strong.scores.find((s) => s.questionId === question(BACKEND_QUESTIONS, /Kubernetes/).id);
    expect(kubernetes?.covered).toEqual([
      {
        point: 'Names a real system, project or employer where they used Kubernetes and Docker',
        evidence: expect.stringContaining('At Northwind Payments I migrated 14 services'),
      },
      { point: 'Says what they personally did (designed, built, ran, fixed)', evidence: expect.stringContaining('I migrated 14 services') },
      { point: 'Gives a measurable result or scale (users, requests, latency, cost)', evidence: expect.stringContaining('14 services') },
    ]);
    const kafka = strong.scores.find((s) => s.questionId === question(BACKEND_QUESTIONS, /Kafka/).id);
    expect(kafka?.covered.find((c) => /trade-off/.test(c.point))?.evidence).toBe(
      'It handles 2 million events a day; I chose the outbox pattern over dual writes because dual writes lost events during failovers.',
    );
  });

  it('names the strengths and the gaps in the summary', () => {
    expect(strong.summary).toMatch(
      /^Priya Raman scored 9\d\/100 over 13 questions\. Strong, specific answers on backend development; Spring Boot and REST API design; Kubernetes and Docker; and 10 more\.$/,
    );
    expect(weak.summary).toContain('Gaps: backend development; Spring Boot and REST API design');
    expect(weak.summary).toContain('Does not meet the must-haves backend development; Kubernetes and Docker.');
    expect(weak.summary).toContain('3 questions were left unanswered.');
  });

  it('scores an unanswered question 0 with every rubric point missing', () => {
    const asked = question(BACKEND_QUESTIONS, /Kafka/);
    for (const answer of ['', '   ', '\n\t']) {
      expect(scoreAnswer(asked, answer)).toEqual({
        questionId: asked.id,
        question: asked.question,
        score: 0,
        covered: [],
        missing: asked.goodAnswer,
        meetsRequirement: null,
      });
    }
    const none = evaluateAnswers({
      job: BACKEND,
      candidateName: 'Quiet Candidate',
      answers: BACKEND_QUESTIONS.map((q) => ({ question: q, answer: '' })),
    });
    expect(none.overall).toBe(0);
    expect(none.summary).toBe('Quiet Candidate answered none of the 13 questions, so there is nothing to score yet.');
  });

  it.each([
    ["No, I haven't used Kubernetes yet, but I have read about it.", /Kubernetes/, BACKEND_QUESTIONS],
    ['About 4 years of backend work, on and off.', /6\+ years/, BACKEND_QUESTIONS],
    ["I have BLS, but I don't have ACLS yet; the class is booked for March.", /BLS and ACLS/, NURSE_QUESTIONS],
    ['My ACLS lapsed last year; BLS is current.', /BLS and ACLS/, NURSE_QUESTIONS],
    ['Not yet, I graduate in May and sit the NCLEX in June.', /Registered Nurse/, NURSE_QUESTIONS],
    ['One year in step-down, no ICU yet.', /2 years of recent ICU/, NURSE_QUESTIONS],
    ['No, I can only work days.', /night shifts/, NURSE_QUESTIONS],
  ])('marks the knock-out as not met when the answer says "%s"', (answer, requirement, questions) => {
    const score = scoreAnswer(question(questions, requirement), answer);
    expect(score.meetsRequirement).toBe(false);
    expect(score.score).toBeLessThanOrEqual(1);
  });

  it('does not read "never posts twice" or "with no downtime" as a refusal', () => {
    const postgres = scoreAnswer(question(BACKEND_QUESTIONS, /PostgreSQL/), sampleAnswerFor(SAMPLE_INTERVIEW_ANSWERS.strong, 'PostgreSQL'));
    expect(postgres.meetsRequirement).toBe(true);
    const aws = scoreAnswer(
      question(BACKEND_QUESTIONS, /AWS/),
      'I moved our billing services to AWS with no downtime at Summit Pay, serving 2 million invoices a month.',
    );
    expect(aws.meetsRequirement).toBe(true);
  });

  it('gives full marks to a nurse who names the license state, number and expiry', () => {
    const score = scoreAnswer(
      question(NURSE_QUESTIONS, /Registered Nurse/),
      'Yes, I hold a Wisconsin RN license, number 231877-30, which expires 02/2027; it is a multistate compact license.',
    );
    expect(score).toMatchObject({ score: 5, meetsRequirement: true, missing: [] });
    const cards = scoreAnswer(
      question(NURSE_QUESTIONS, /BLS and ACLS/),
      'Yes, both BLS and ACLS from the American Heart Association, valid until 03/2026.',
    );
    expect(cards).toMatchObject({ score: 5, meetsRequirement: true, missing: [] });
  });

  it('leaves the verdict open when a knock-out answer is too vague to tell', () => {
    const score = scoreAnswer(question(BACKEND_QUESTIONS, /AWS/), 'I have worked with the cloud a bit and it went well.');
    expect(score.meetsRequirement).toBeNull();
    expect(score.score).toBeLessThanOrEqual(1);
    const competency = scoreAnswer(question(BACKEND_QUESTIONS, /Terraform/), sampleAnswerFor(SAMPLE_INTERVIEW_ANSWERS.strong, 'Terraform'));
    expect(competency.meetsRequirement).toBeNull();
  });

  it('scores rubric points it has no special check for by the words they share with the answer', () => {
    const asked: ScreeningQuestion = {
      id: 'q1',
      question: 'How do you release a change to a payment service without downtime?',
      requirement: 'Zero-downtime deployments',
      kind: 'competency',
      goodAnswer: ['Mentions blue-green or canary deployments', 'Mentions database migrations that stay backwards compatible'],
    };
    const score = scoreAnswer(
      asked,
      'We ship with canary deployments behind a feature flag. Database migrations stay backwards compatible for one release, so old and new code can run together.',
    );
    expect(score.covered).toEqual([
      { point: 'Mentions blue-green or canary deployments', evidence: 'We ship with canary deployments behind a feature flag.' },
      {
        point: 'Mentions database migrations that stay backwards compatible',
        evidence: 'Database migrations stay backwards compatible for one release, so old and new code can run together.',
      },
    ]);
    expect(scoreAnswer(asked, 'We deploy on Fridays and hope for the best.').covered).toEqual([]);
  });

  it('never throws and keeps scores within 0-5 and 0-100, whatever the answers say', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 600 }), { minLength: 1, maxLength: BACKEND_QUESTIONS.length }),
        fc.string({ maxLength: 120 }),
        (answers, name) => {
          const output = evaluateAnswers({
            job: BACKEND,
            candidateName: name,
            answers: answers.map((answer, i) => ({ question: BACKEND_QUESTIONS[i], answer })),
          });
          expect(EvaluationOutputSchema.safeParse(output).success).toBe(true);
          expect(output.overall).toBeGreaterThanOrEqual(0);
          expect(output.overall).toBeLessThanOrEqual(100);
          for (const score of output.scores) expect([0, 1, 2, 3, 4, 5]).toContain(score.score);
        },
      ),
      { numRuns: 150 },
    );
  });
});
