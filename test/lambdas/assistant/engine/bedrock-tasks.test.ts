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
import { bestFit } from '../../../../lambdas/assistant/domain/best-fit';
import { candidateSummary } from '../../../../lambdas/assistant/domain/candidate-summary';
import { evaluateAnswers } from '../../../../lambdas/assistant/domain/interview-evaluation';
import { clientFor, json, startConverseServer, systemText, userText, type ConverseServer } from './support/converse-server';
import { JOB, MODEL_ID, QUESTIONS } from './support/fixtures';

/**
 * Each capability through Bedrock (the real client, the local Converse server): a valid model
 * answer becomes a contract-valid output labelled with the model, and the task's guarantees hold
 * whatever the model writes: ids, the job's own requirement names, no contact data, and every
 * score, ranking and must-have verdict the domain's (computed from the resume or the answers),
 * with the model's claims kept only where the source text shows them.
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
    expect(userText(server.received[0])).toContain(
      '<data name="must-haves">\n[\n "5+ years of Python",\n "AWS",\n "Kubernetes"\n]\n</data>',
    );
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

  it('refuses a question kind the contract does not know (after its one retry)', async () => {
    const wrong = json({ questions: [{ ...answer.questions[0], kind: 'behavioural' }] });
    server.reply(wrong, wrong);

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
    {
      questionId: 'q1',
      score: 5,
      covered: [{ point: 'Five or more years', evidence: 'Ten years of Python' }],
      missing: [],
      meetsRequirement: true,
    },
    {
      questionId: 'q2',
      score: 9,
      covered: [
        { point: 'cluster size', evidence: 'a 40-node EKS cluster' },
        { point: 'Upgrades.', evidence: 'upgraded every cluster weekly' },
        { point: 'Charisma', evidence: 'made up' },
      ],
      missing: [],
    },
    { questionId: 'q3', score: 4, covered: [{ point: 'Lambda', evidence: 'invented' }], missing: [] },
  ];

  it("takes every score, the overall, the knockouts and the summary from the answers' evidence, never from the model", async () => {
    server.reply(json({ scores, summary: 'Outstanding on everything.' }));

    const { output } = await model().run('interview-evaluation', input);

    const domain = evaluateAnswers(input);
    expect(z.safeParse(EvaluationOutputSchema, output).success).toBe(true);
    expect(output.candidateName).toBe('Priya Natarajan');
    expect(output.overall).toBe(domain.overall);
    expect(output.summary).toBe(domain.summary);
    expect(output.summary).not.toContain('Outstanding');
    expect(output.scores.map((score) => [score.questionId, score.score, score.meetsRequirement])).toEqual(
      domain.scores.map((score) => [score.questionId, score.score, score.meetsRequirement]),
    );
    // The model's 5 for "three years" and its knockout "met" are not taken.
    expect(output.scores[0].score).toBeLessThan(5);
    expect(output.scores[0].meetsRequirement).not.toBe(true);
    expect(output.scores[2]).toMatchObject({ score: 0, covered: [] });
  });

  it("keeps a model's quote as evidence only when it is the answer's own words", async () => {
    server.reply(json({ scores }));

    const { output } = await model().run('interview-evaluation', input);

    const evidence = output.scores[1].covered.map((entry) => entry.evidence);
    const points = output.scores[1].covered.map((entry) => entry.point);
    if (points.includes('Cluster size')) expect(evidence[points.indexOf('Cluster size')]).toBe('a 40-node EKS cluster');
    expect(evidence).not.toContain('upgraded every cluster weekly');
    expect(evidence).not.toContain('made up');
    expect(points).not.toContain('Charisma');
    expect(output.scores[0].covered.map((entry) => entry.evidence)).not.toContain('Ten years of Python');
  });

  it('sends each question with its rubric and answer as one JSON data block', async () => {
    server.reply(json({ scores }));

    await model().run('interview-evaluation', input);

    const text = userText(server.received[0]);
    const block = /<data name="question 2">\n([\s\S]*?)\n<\/data>/.exec(text);
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual({
      id: 'q2',
      question: QUESTIONS[1].question,
      kind: 'competency',
      requirement: 'Kubernetes',
      rubric: QUESTIONS[1].goodAnswer,
      answer: input.answers[1].answer,
    });
    expect(text).toContain('<data name="candidate-name">\n"Priya Natarajan"\n</data>');
  });
});

describe('best fit through Bedrock', () => {
  const input: AssistantInputs['best-fit'] = {
    job: JOB,
    candidates: [
      { name: 'Ana Lima', profile: 'Python developer for 2 years.', evaluationOverall: null },
      {
        name: 'Marcus Chen',
        profile: `Senior engineer: 8 years of Python, AWS Lambda, EKS.\nRan Kubernetes clusters for payments.\n${'x'.repeat(9_000)}`,
        evaluationOverall: 80,
      },
    ],
  };

  it('ranks and scores from the resumes whatever the model claims, and keeps only quotes the resume holds', async () => {
    server.reply(
      json({
        ranking: [
          {
            id: 'c1',
            evidence: [
              { requirement: '5+ years of python', quote: 'Ten years of Python at a bank' },
              { requirement: 'Kubernetes', quote: 'Kubernetes expert' },
            ],
            reasons: ['Meets every must-have.', 'Python developer for 2 years'],
          },
          {
            id: 'c2',
            evidence: [{ requirement: 'AWS', quote: 'AWS Lambda' }],
            reasons: ['Rust and Go expert.'],
          },
        ],
      }),
    );

    const { output } = await model().run('best-fit', input);

    const domain = bestFit(input);
    expect(z.safeParse(BestFitOutputSchema, output).success).toBe(true);
    const verdicts = (ranking: typeof output.ranking) =>
      ranking.map((entry) => [entry.rank, entry.name, entry.score, entry.mustHavesMet, entry.mustHavesMissing, entry.evaluationOverall]);
    expect(verdicts(output.ranking)).toEqual(verdicts(domain.ranking));
    expect(output.recommendation).toBe(domain.recommendation);
    const reasons = output.ranking.flatMap((entry) => entry.reasons).join('\n');
    expect(reasons).not.toContain('Ten years of Python');
    expect(reasons).not.toContain('Kubernetes expert');
    expect(reasons).not.toContain('Meets every must-have');
    expect(reasons).not.toContain('Rust and Go');
    const marcus = output.ranking.find((entry) => entry.name === 'Marcus Chen');
    if (marcus?.mustHavesMet.includes('AWS')) expect(marcus.reasons).toContain('AWS: "AWS Lambda"');
  });

  it('sends each candidate as one JSON data block under an id, its name as data, and cuts very long profiles', async () => {
    server.reply(json({ ranking: [] }));

    await model().run('best-fit', input);

    const text = userText(server.received[0]);
    expect(text).toContain('[profile cut here]');
    expect(text.length).toBeLessThan(12_000);
    const block = /<data name="candidate c1">\n([\s\S]*?)\n<\/data>/.exec(text);
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual({
      id: 'c1',
      name: 'Ana Lima',
      interviewEvaluation: null,
      profile: 'Python developer for 2 years.',
    });
  });
});

describe('candidate summaries through Bedrock', () => {
  const profile = [
    'Marcus Chen, marcus.chen@example.com',
    'Senior backend engineer, payments.',
    'Experience',
    'Senior Backend Engineer, Payments Co (2016 - 2024)',
    'Built payment services in Python on AWS Lambda for eight years.',
    'Cut payment latency by 40% (2019 - 2021).',
    'Skills: Python, AWS',
  ].join('\n');
  const answer = {
    candidateName: 'Marcus Chen',
    headline: 'Senior backend engineer, payments',
    summary:
      'Marcus built payment services in Python for eight years. Reach him at marcus.chen@example.com or (312) 555-0199. He led a team of 40 at Google.',
    highlights: ['Cut payment latency by 40% (2019 - 2021)', 'Profile: https://linkedin.com/in/marcuschen', 'Won the Turing Award in 2020'],
    skills: ['Python', 'AWS', 'Kubernetes'],
    yearsOfExperience: 12,
    mustHavesMet: ['AWS', 'Python', 'Kubernetes'],
  };

  it('keeps contact data out, drops every claim the profile does not show, and measures fit from the resume', async () => {
    server.reply(json(answer));

    const { output } = await model().run('candidate-summary', { candidateName: null, profile, job: JOB });

    const domain = candidateSummary({ candidateName: null, profile, job: JOB });
    expect(z.safeParse(CandidateSummaryOutputSchema, output).success).toBe(true);
    expect(output.candidateName).toBe('Marcus Chen');
    expect(output.summary).toMatch(/^Marcus built payment services in Python for eight years\./);
    expect(output.summary).not.toContain('Google');
    expect(output.highlights).toEqual(['Cut payment latency by 40% (2019 - 2021)']);
    expect(output.skills).toEqual(['Python', 'AWS']);
    expect(output.text).not.toMatch(/@|555-0199|linkedin/);
    expect(hasContact(output.text)).toBe(false);
    // The model claimed Kubernetes and 12 years; the resume shows neither.
    expect(output.fit).toEqual(domain.fit);
    expect(output.fit?.met).not.toContain('Kubernetes');
    expect(output.yearsOfExperience).toBe(domain.yearsOfExperience);
    expect(output.yearsOfExperience).not.toBe(12);
  });

  it('keeps a years figure the profile states, uses the name the recruiter gave and reports no fit without a job', async () => {
    server.reply(json({ ...answer, yearsOfExperience: 8 }));

    const { output } = await model().run('candidate-summary', {
      candidateName: 'M. Chen',
      profile: 'Backend engineer with 8 years of Python.',
      job: null,
    });

    expect(output).toMatchObject({ candidateName: 'M. Chen', fit: null, yearsOfExperience: 8 });
    expect(userText(server.received[0])).toContain('<data name="job">\n"(no job given)"\n</data>');
  });
});
