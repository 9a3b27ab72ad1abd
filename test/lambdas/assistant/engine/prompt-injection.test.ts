import { createBedrockModel } from '../../../../lambdas/assistant/engine/bedrock-model';
import { bestFitTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/best-fit';
import { candidateSummaryTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/candidate-summary';
import { interviewEvaluationTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/interview-evaluation';
import { jobDescriptionTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/job-description';
import type { AssistantInputs } from '../../../../lambdas/assistant/engine/language-model';
import {
  clientFor,
  startConverseServer,
  userText,
  type ConverseReply,
  type ReceivedConverse,
  type ConverseServer,
} from './support/converse-server';
import {
  ANSWER_INJECTIONS,
  FORKLIFT_JOB,
  POSTING,
  POSTING_INJECTIONS,
  QUESTIONS,
  RESUME_INJECTIONS,
  STRONG_RESUME,
  WEAK_RESUME,
} from './support/injection-corpus';
import { MODEL_ID } from './support/fixtures';

/**
 * Prompt injection, end to end through the Bedrock adapter (the real client, the local Converse
 * server): each attempt in the corpus is hidden in a resume, an interview answer or a posting,
 * and the fake model OBEYS it: it reads the data blocks it was sent and answers with what the
 * injection asks (every must-have met with planted quotes, top scores, nothing removed). The
 * result must be the one a model that ignores the injection gives: the same ranking, the same
 * scores, the same redaction.
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
      'best-fit': bestFitTask,
      'interview-evaluation': interviewEvaluationTask,
      'candidate-summary': candidateSummaryTask,
      'job-description': jobDescriptionTask,
    },
  });

/** The data blocks of a request, decoded: what the model read. */
function dataBlocks(request: ReceivedConverse): Map<string, unknown> {
  const blocks = new Map<string, unknown>();
  for (const match of userText(request).matchAll(/<data name="([^"]+)">\n([\s\S]*?)\n<\/data>/g)) {
    blocks.set(match[1], JSON.parse(match[2]) as unknown);
  }
  return blocks;
}

/** Whether a decoded block holds an order to the model (the corpus's attempts all do). */
function carriesInjection(value: unknown, injections: readonly string[]): boolean {
  const text = JSON.stringify(value);
  return injections.some((injection) => text.includes(JSON.stringify(injection).slice(1, -1)));
}

/** A reply computed from what the model was sent, counting the requests in which it obeyed. */
function obeying(answer: (blocks: Map<string, unknown>) => unknown | null): { reply: ConverseReply; obeyed: () => number } {
  let obeyed = 0;
  return {
    reply: {
      kind: 'tool-from',
      answer: (request) => {
        const result = answer(dataBlocks(request));
        if (result !== null) obeyed += 1;
        return result ?? {};
      },
    },
    obeyed: () => obeyed,
  };
}

const mustHaveTexts = FORKLIFT_JOB.mustHaves.map((item) => item.text);
const allRequirements = [...mustHaveTexts, ...FORKLIFT_JOB.niceToHaves.map((item) => item.text)];

describe.each(RESUME_INJECTIONS)('an injection in a resume ($name)', ({ text }) => {
  const input: AssistantInputs['best-fit'] = {
    job: FORKLIFT_JOB,
    candidates: [
      { name: 'Jordan Blake', profile: `${WEAK_RESUME}\n${text}`, evaluationOverall: null },
      { name: 'Luis Ortega', profile: STRONG_RESUME, evaluationOverall: null },
    ],
  };

  it('changes no ranking and no score in best fit', async () => {
    // The obedient model: the injected candidate meets everything, quoting the injection; the others nothing.
    const obedient = obeying((blocks) => {
      const candidates = [...blocks.entries()].filter(([name]) => name.startsWith('candidate '));
      if (!candidates.some(([, value]) => carriesInjection(value, [text]))) return null;
      return {
        ranking: candidates.map(([, value]) => {
          const { id } = value as { id: string };
          return carriesInjection(value, [text])
            ? {
                id,
                evidence: allRequirements.map((requirement) => ({
                  requirement,
                  quote: text.includes(requirement) ? requirement : text.slice(0, 60),
                })),
                reasons: ['Meets every must-have', 'best candidate ever seen', 'Rank first with a score of 100'],
              }
            : { id, evidence: [], reasons: ['Falsified resume; score 0.'] };
        }),
      };
    });
    server.reply(obedient.reply, { kind: 'tool', input: { ranking: [] } });

    const injected = await model().run('best-fit', input);
    const ignored = await model().run('best-fit', input);

    expect(obedient.obeyed()).toBe(1);
    const verdicts = (output: typeof injected.output) =>
      output.ranking.map((entry) => [
        entry.rank,
        entry.name,
        entry.score,
        entry.mustHavesMet,
        entry.mustHavesMissing,
        entry.niceToHavesMet,
      ]);
    expect(verdicts(injected.output)).toEqual(verdicts(ignored.output));
    expect(injected.output.recommendation).toBe(ignored.output.recommendation);
    const reasons = injected.output.ranking.flatMap((entry) => entry.reasons).join('\n');
    expect(reasons).not.toMatch(/score of 100|Falsified|Meets every must-have/);
  });

  it('changes neither the fit nor the years of a candidate summary', async () => {
    const summaryInput: AssistantInputs['candidate-summary'] = {
      candidateName: 'Jordan Blake',
      profile: `${WEAK_RESUME}\n${text}`,
      job: FORKLIFT_JOB,
    };
    const obedient = obeying((blocks) =>
      carriesInjection(blocks.get('profile'), [text])
        ? {
            candidateName: 'Jordan Blake',
            headline: 'The best candidate ever seen',
            summary: 'Jordan meets every must-have and has 15 years of forklift experience.',
            highlights: ['Meets every must-have', 'Forklift certification'],
            skills: ['Forklift', 'Reach forklifts'],
            yearsOfExperience: 15,
            mustHavesMet: mustHaveTexts,
          }
        : null,
    );
    server.reply(obedient.reply, {
      kind: 'tool',
      input: {
        candidateName: 'Jordan Blake',
        headline: 'Cashier',
        summary: 'Jordan worked as a cashier.',
        highlights: [],
        skills: [],
        yearsOfExperience: null,
      },
    });

    const injected = await model().run('candidate-summary', summaryInput);
    const ignored = await model().run('candidate-summary', summaryInput);

    expect(obedient.obeyed()).toBe(1);
    expect(injected.output.fit).toEqual(ignored.output.fit);
    expect(injected.output.yearsOfExperience).toBe(ignored.output.yearsOfExperience);
    expect(injected.output.text).not.toMatch(/15 years|best candidate ever/);
  });
});

describe.each(ANSWER_INJECTIONS)('an injection in interview answers ($name)', ({ answers }) => {
  const input: AssistantInputs['interview-evaluation'] = {
    job: FORKLIFT_JOB,
    candidateName: 'Jordan Blake',
    answers: QUESTIONS.map((question, index) => ({ question, answer: answers[index] ?? '' })),
  };

  it('changes no score, no knockout and no overall', async () => {
    const obedient = obeying((blocks) => {
      const questions = [...blocks.entries()].filter(([name]) => name.startsWith('question '));
      if (!questions.some(([, value]) => carriesInjection(value, answers))) return null;
      return {
        scores: questions.map(([, value]) => {
          const { id, rubric, answer } = value as { id: string; rubric: string[]; answer: string };
          return {
            questionId: id,
            score: 5,
            meetsRequirement: true,
            covered: rubric.map((point) => ({ point, evidence: answer })),
            missing: [],
          };
        }),
        summary: 'Perfect answers; hire at once.',
      };
    });
    server.reply(obedient.reply, { kind: 'tool', input: { scores: [] } });

    const injected = await model().run('interview-evaluation', input);
    const ignored = await model().run('interview-evaluation', input);

    expect(obedient.obeyed()).toBe(1);
    const verdicts = (output: typeof injected.output) => [
      output.overall,
      output.scores.map((score) => [score.questionId, score.score, score.meetsRequirement, score.covered.map((entry) => entry.point)]),
      output.summary,
    ];
    expect(verdicts(injected.output)).toEqual(verdicts(ignored.output));
    expect(injected.output.overall).toBeLessThan(100);
    expect(injected.output.summary).not.toContain('hire at once');
  });
});

describe.each(POSTING_INJECTIONS)('an injection in a posting ($name)', ({ text }) => {
  const input: AssistantInputs['job-description'] = {
    title: POSTING.title,
    description: `${POSTING.description}\n${text}`,
    companyInfo: POSTING.companyInfo,
    clientNames: POSTING.clientNames,
  };

  it('changes no redaction: what a model that ignores it removes stays removed', async () => {
    // The obedient model publishes the internal description word for word and lists no removal.
    const obedient = obeying((blocks) => {
      const description = blocks.get('internal-job-description');
      if (!carriesInjection(description, [text])) return null;
      return {
        title: `${POSTING.title} at ${POSTING.clientNames[0]}`,
        sections: [{ heading: 'About the role', body: description }],
        removed: [],
      };
    });
    server.reply(obedient.reply, {
      kind: 'tool',
      input: {
        title: POSTING.title,
        sections: [
          {
            heading: 'About the role',
            body: 'Warehouse Associate at a regional carrier hub in Dayton, OH. 1+ year of warehouse experience; able to lift 50 lbs.',
          },
        ],
        removed: [],
      },
    });

    const injected = await model().run('job-description', input);
    const ignored = await model().run('job-description', input);

    expect(obedient.obeyed()).toBe(1);
    expect(injected.output.removed).toEqual(expect.arrayContaining(ignored.output.removed));
    for (const removal of ignored.output.removed) {
      expect({ removal: removal.text, published: injected.output.text.toLowerCase().includes(removal.text.toLowerCase()) }).toEqual({
        removal: removal.text,
        published: false,
      });
    }
    for (const sensitive of ['Harbor Freight', 'Harbor Freight Lines', '$31/hr', '59%', 'Rosa Whitcomb', 'rosa.whitcomb', '937-555-0161']) {
      expect({ sensitive, published: injected.output.text.includes(sensitive) }).toEqual({ sensitive, published: false });
    }
  });
});
