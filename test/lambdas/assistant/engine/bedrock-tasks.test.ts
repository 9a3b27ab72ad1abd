import { hasContact } from '../../../../lambdas/shared/text/contact-data';
import { createBedrockModel } from '../../../../lambdas/assistant/engine/bedrock-model';
import { bestFitTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/best-fit';
import { candidateSummaryTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/candidate-summary';
import { interviewEvaluationTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/interview-evaluation';
import { screeningQuestionsTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/screening-questions';
import type { AssistantInputs } from '../../../../lambdas/assistant/engine/language-model';
import { LanguageModelError } from '../../../../lambdas/assistant/engine/language-model-error';
import {
  BestFitOutputSchema,
  CandidateSummaryOutputSchema,
  EvaluationOutputSchema,
  ScreeningQuestionsOutputSchema,
} from '../../../../lambdas/shared/contracts/assistant';
import * as z from '../../../../lambdas/shared/zod';
import { clientFor, json, startConverseServer, systemText, userText, type ConverseServer } from './support/converse-server';
import { JOB, MODEL_ID, QUESTIONS } from './support/fixtures';

/**
 * Each capability through Bedrock (the real client, the local Converse server): a valid model
 * answer becomes a contract-valid output labelled with the model, and the task's guarantees hold
 * whatever the model writes (ids, clamped scores, the job's own requirement names, every
 * question and candidate accounted for, no contact data).
 */

let server: ConverseServer;
beforeEach(async () => {
  server = await startConverseServer();
});
afterEach(async () => {
  await server.close();
});

const model = () =>
  createBedrockModel({
    client: clientFor(server),
    modelId: MODEL_ID,
    tasks: {
      'screening-questions': screeningQuestionsTask,
      'interview-evaluation': interviewEvaluationTask,
      'best-fit': bestFitTask,
      'candidate-summary': candidateSummaryTask,
    },
  });

async function failure(promise: Promise<unknown>): Promise<LanguageModelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LanguageModelError);
  return error as LanguageModelError;
}

describe('screening questions through Bedrock', () => {
  const answer = {
    questions: [
      {
        question: 'How many years have you written Python professionally?',
        requirement: '5+ years of Python',
        kind: 'knockout',
        goodAnswer: ['Five or more years', 'Production services'],
      },
      {
        question: 'Tell me about a Kubernetes cluster you operated.',
        requirement: 'Kubernetes',
        kind: 'competency',
        goodAnswer: ['Cluster size', 'Upgrades', 'Upgrades'],
      },
      { question: '   ', requirement: 'AWS', kind: 'competency', goodAnswer: [] },
    ],
  };

  it("sends the job's must-haves as a document and numbers the questions q1, q2… itself", async () => {
    server.reply(json({ questions: answer.questions.map((question) => ({ ...question, id: 'custom-id' })) }));

    const { output, engine } = await model().run('screening-questions', JOB);

    expect(engine).toEqual({ kind: 'bedrock', model: MODEL_ID, note: null });
    expect(z.safeParse(ScreeningQuestionsOutputSchema, output).success).toBe(true);
    expect(output.questions.map((question) => [question.id, question.kind, question.requirement])).toEqual([
      ['q1', 'knockout', '5+ years of Python'],
      ['q2', 'competency', 'Kubernetes'],
    ]);
    expect(output.questions[1].goodAnswer).toEqual(['Cluster size', 'Upgrades']);
    expect(userText(server.received[0])).toContain('<document name="must-haves">\n- 5+ years of Python\n- AWS\n- Kubernetes\n</document>');
    expect(systemText(server.received[0])).toContain('"knockout" or "competency"');
  });

  it('keeps at most 20 questions', async () => {
    server.reply(
      json({
        questions: Array.from({ length: 30 }, (_, index) => ({
          question: `Question ${index}?`,
          requirement: 'AWS',
          kind: 'competency',
          goodAnswer: ['Lambda'],
        })),
      }),
    );

    const { output } = await model().run('screening-questions', JOB);

    expect(output.questions).toHaveLength(20);
    expect(output.questions[19].id).toBe('q20');
  });

  it('refuses a question kind the contract does not know', async () => {
    server.reply(json({ questions: [{ ...answer.questions[0], kind: 'behavioural' }] }));

    expect((await failure(model().run('screening-questions', JOB))).reason).toBe('invalid-answer');
  });
});

describe('interview evaluation through Bedrock', () => {
  const input: AssistantInputs['interview-evaluation'] = {
    job: JOB,
    candidateName: 'Priya Natarajan',
    answers: [
      { question: QUESTIONS[0], answer: 'Three years of Python, mostly scripts.' },
      { question: QUESTIONS[1], answer: 'I ran a 40-node EKS cluster, did the 1.27 to 1.29 upgrades and set up Prometheus alerts.' },
      { question: QUESTIONS[2], answer: '' },
    ],
  };
  const scores = [
    { questionId: 'q1', score: -2, covered: [], missing: ['Five or more years'], meetsRequirement: false },
    {
      questionId: 'q2',
      score: 9,
      covered: [
        { point: 'cluster size', evidence: 'a 40-node EKS cluster' },
        { point: 'Upgrades.', evidence: 'the 1.27 to 1.29 upgrades' },
        { point: 'Charisma', evidence: 'made up' },
      ],
      missing: [],
      meetsRequirement: true,
    },
    { questionId: 'q3', score: 4, covered: [{ point: 'Lambda', evidence: 'invented' }], missing: [], meetsRequirement: null },
  ];

  it('clamps scores to 0-5, names covered points by the rubric, scores an empty answer 0, computes the overall and notes a failed knockout', async () => {
    server.reply(json({ scores, summary: 'Strong on Kubernetes.' }));

    const { output } = await model().run('interview-evaluation', input);

    expect(z.safeParse(EvaluationOutputSchema, output).success).toBe(true);
    expect(output.candidateName).toBe('Priya Natarajan');
    expect(output.scores.map((score) => [score.questionId, score.score, score.meetsRequirement])).toEqual([
      ['q1', 0, false],
      ['q2', 5, null],
      ['q3', 0, null],
    ]);
    expect(output.scores[1].covered).toEqual([
      { point: 'Cluster size', evidence: 'a 40-node EKS cluster' },
      { point: 'Upgrades', evidence: 'the 1.27 to 1.29 upgrades' },
    ]);
    expect(output.scores[1].missing).toEqual(['Monitoring']);
    expect(output.scores[2]).toMatchObject({ covered: [], missing: ['Lambda', 'DynamoDB'] });
    expect(output.overall).toBe(33);
    expect(output.summary).toBe('Strong on Kubernetes. Knockout requirements not met: 5+ years of Python.');
  });

  it('delimits each answer as its own document under its question id', async () => {
    server.reply(json({ scores, summary: '' }));

    await model().run('interview-evaluation', input);

    const text = userText(server.received[0]);
    expect(text).toContain('<document name="answer q2">\nI ran a 40-node EKS cluster');
    expect(text).toContain('<document name="question q1">\nHow many years have you built services in Python?\nKind: knockout');
  });

  it('refuses an evaluation that leaves out an answered question', async () => {
    server.reply(json({ scores: scores.slice(1), summary: '' }));

    expect((await failure(model().run('interview-evaluation', input))).reason).toBe('invalid-answer');
  });
});

describe('best fit through Bedrock', () => {
  const input: AssistantInputs['best-fit'] = {
    job: JOB,
    candidates: [
      { name: 'Ana Lima', profile: 'Python developer for 2 years.', evaluationOverall: null },
      { name: 'Marcus Chen', profile: `Senior engineer: 8 years of Python, AWS Lambda, EKS. ${'x'.repeat(9_000)}`, evaluationOverall: 80 },
    ],
  };

  it("ranks by score, keeps the stored evaluation, and speaks of the job's own must-haves", async () => {
    server.reply(
      json({
        ranking: [
          { name: 'ana lima', score: 35, mustHavesMet: ['python'], niceToHavesMet: [], reasons: ['Junior.'] },
          {
            name: 'Marcus Chen',
            score: 140,
            mustHavesMet: ['5+ years of python', 'AWS', 'Kubernetes', 'Rust'],
            niceToHavesMet: ['Terraform', 'Go'],
            reasons: ['Meets every must-have.'],
          },
        ],
        recommendation: 'Marcus Chen meets every must-have.',
      }),
    );

    const { output } = await model().run('best-fit', input);

    expect(z.safeParse(BestFitOutputSchema, output).success).toBe(true);
    expect(output.ranking.map((candidate) => [candidate.rank, candidate.name, candidate.score, candidate.evaluationOverall])).toEqual([
      [1, 'Marcus Chen', 100, 80],
      [2, 'Ana Lima', 35, null],
    ]);
    expect(output.ranking[0]).toMatchObject({
      mustHavesMet: ['5+ years of Python', 'AWS', 'Kubernetes'],
      mustHavesMissing: [],
      niceToHavesMet: ['Terraform'],
    });
    expect(output.ranking[1]).toMatchObject({ mustHavesMet: ['5+ years of Python'], mustHavesMissing: ['AWS', 'Kubernetes'] });
    expect(output.recommendation).toBe('Marcus Chen meets every must-have.');
  });

  it("cuts very long profiles in the prompt and names the top candidate when the model's sentence does not", async () => {
    server.reply(
      json({
        ranking: [
          { name: 'Ana Lima', score: 20, mustHavesMet: [], niceToHavesMet: [], reasons: [] },
          { name: 'Marcus Chen', score: 90, mustHavesMet: ['AWS'], niceToHavesMet: [], reasons: [] },
        ],
        recommendation: 'Ana Lima is the one.',
      }),
    );

    const { output } = await model().run('best-fit', input);

    expect(output.recommendation).toBe('Marcus Chen is the best fit (90/100).');
    expect(userText(server.received[0])).toContain('[profile cut here]');
    expect(userText(server.received[0]).length).toBeLessThan(12_000);
  });

  it('refuses a ranking that leaves out a candidate', async () => {
    server.reply(
      json({ ranking: [{ name: 'Marcus Chen', score: 90, mustHavesMet: [], niceToHavesMet: [], reasons: [] }], recommendation: '' }),
    );

    expect((await failure(model().run('best-fit', input))).reason).toBe('invalid-answer');
  });
});

describe('candidate summaries through Bedrock', () => {
  const answer = {
    candidateName: 'Marcus Chen',
    headline: 'Senior backend engineer, payments',
    summary: 'Marcus has eight years of Python on AWS. Reach him at marcus.chen@example.com or (312) 555-0199.',
    highlights: ['Cut payment latency by 40% (2019 - 2021)', 'Profile: https://linkedin.com/in/marcuschen'],
    skills: ['Python', 'AWS', 'Kubernetes'],
    yearsOfExperience: 8,
    mustHavesMet: ['AWS', 'Python'],
  };

  it("keeps contact data out of a client-ready summary even when the model copies it, and measures fit by the job's must-haves", async () => {
    server.reply(json(answer));

    const { output } = await model().run('candidate-summary', {
      candidateName: null,
      profile: 'Marcus Chen, marcus.chen@example.com …',
      job: JOB,
    });

    expect(z.safeParse(CandidateSummaryOutputSchema, output).success).toBe(true);
    expect(output.candidateName).toBe('Marcus Chen');
    expect(output.summary).toMatch(/^Marcus has eight years of Python on AWS\./);
    // Dates are not contact data: the highlight keeps them.
    expect(output.highlights[0]).toBe('Cut payment latency by 40% (2019 - 2021)');
    expect(output.text).not.toMatch(/@|555-0199|linkedin/);
    expect(hasContact(output.text)).toBe(false);
    expect(output.fit).toEqual({ met: ['5+ years of Python', 'AWS'], missing: ['Kubernetes'] });
    expect(output.yearsOfExperience).toBe(8);
  });

  it('uses the name the recruiter gave and reports no fit without a job', async () => {
    server.reply(json({ ...answer, yearsOfExperience: 70 }));

    const { output } = await model().run('candidate-summary', { candidateName: 'M. Chen', profile: 'Eight years of Python.', job: null });

    expect(output).toMatchObject({ candidateName: 'M. Chen', fit: null, yearsOfExperience: 60 });
    expect(userText(server.received[0])).toContain('<document name="job">\n(no job given)\n</document>');
  });
});
