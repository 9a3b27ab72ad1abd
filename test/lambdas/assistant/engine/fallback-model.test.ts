import { createBedrockModel } from '../../../../lambdas/assistant/engine/bedrock-model';
import { mustHavesTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/must-haves';
import { createDeterministicModel } from '../../../../lambdas/assistant/engine/deterministic-model';
import { BEDROCK_FALLBACK_LOG_MESSAGE, FALLBACK_NOTES, withFallback } from '../../../../lambdas/assistant/engine/fallback-model';
import type { AssistantInputs, LanguageModel } from '../../../../lambdas/assistant/engine/language-model';
import { languageModelFromEnvironment } from '../../../../lambdas/assistant/engine/language-model-from-environment';
import type { MustHavesOutput } from '../../../../lambdas/shared/contracts/assistant';
import { EnvironmentError } from '../../../../lambdas/shared/read-environment';
import { captureLogs } from '../../support/capture-logs';
import {
  accessDenied,
  clientFor,
  json,
  startConverseServer,
  TEST_CREDENTIALS,
  throttled,
  type ConverseReply,
  type ConverseServer,
} from './support/converse-server';
import { DESCRIPTION, MODEL_ID } from './support/fixtures';

/**
 * The engine a handler gets from its environment: Bedrock with the deterministic engine behind
 * it, or the deterministic engine alone. Bedrock is the local Converse server; the fallback is a
 * real deterministic model (createDeterministicModel) over a small pure function.
 */

let server: ConverseServer;
beforeEach(async () => {
  server = await startConverseServer();
});
afterEach(async () => {
  await server.close();
});

const INPUT: AssistantInputs['must-haves'] = {
  title: 'Senior Backend Engineer',
  description: DESCRIPTION,
  companyInfo: 'Northwind Logistics',
};

/** The offline answer: recognisably not the model's. */
function offlineMustHaves(input: AssistantInputs['must-haves']): MustHavesOutput {
  return { title: input.title, location: null, mustHaves: [{ text: 'Python', kind: 'skill', evidence: 'offline' }], niceToHaves: [] };
}

const BEDROCK_ANSWER = {
  title: 'Senior Backend Engineer',
  location: 'Chicago',
  mustHaves: [{ text: 'Kubernetes', kind: 'skill', evidence: 'Experience with Kubernetes is required.' }],
  niceToHaves: [],
};

function bedrockEnvironment(): Record<string, string> {
  return {
    ASSISTANT_ENGINE: 'bedrock',
    BEDROCK_MODEL_ID: MODEL_ID,
    BEDROCK_ENDPOINT: server.url,
    AWS_REGION: 'us-east-2',
    AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
  };
}

function modelFromEnvironment(env: Record<string, string> = bedrockEnvironment()): LanguageModel {
  return languageModelFromEnvironment('must-haves', offlineMustHaves, mustHavesTask, env);
}

async function runLogged(model: LanguageModel) {
  const logs = captureLogs();
  try {
    const answer = await model.run('must-haves', INPUT);
    return { answer, lines: logs.lines, text: logs.text() };
  } finally {
    logs.restore();
  }
}

describe('with ASSISTANT_ENGINE=bedrock, Bedrock answers and the offline engine stands in when it fails', () => {
  it("gives Bedrock's answer, labelled with the model, and logs nothing about a fallback", async () => {
    server.reply(json(BEDROCK_ANSWER));

    const { answer, lines } = await runLogged(modelFromEnvironment());

    expect(answer).toEqual({ output: BEDROCK_ANSWER, engine: { kind: 'bedrock', model: MODEL_ID, note: null } });
    expect(lines.filter((line) => line.message === BEDROCK_FALLBACK_LOG_MESSAGE)).toEqual([]);
  });

  it.each<[string, ConverseReply[], keyof typeof FALLBACK_NOTES, string]>([
    [
      'invalid JSON',
      [{ kind: 'text', text: 'Sure! The must-haves are Python and Kubernetes.' }],
      'invalid-answer',
      'Amazon Bedrock gave an answer that could not be used, so the offline engine answered.',
    ],
    [
      'JSON that breaks the schema',
      [json({ mustHaves: 'Python, Kubernetes' })],
      'invalid-answer',
      'Amazon Bedrock gave an answer that could not be used, so the offline engine answered.',
    ],
    ['throttling', [throttled, throttled], 'throttled', 'Amazon Bedrock was busy, so the offline engine answered.'],
    ['access denied', [accessDenied], 'access-denied', 'Amazon Bedrock was unavailable, so the offline engine answered.'],
  ])(
    'answers offline after %s, says why in the result, and logs one line without the documents or secrets',
    async (_case, replies, reason, note) => {
      server.reply(...replies);

      const { answer, lines, text } = await runLogged(modelFromEnvironment());

      expect(answer).toEqual({ output: offlineMustHaves(INPUT), engine: { kind: 'deterministic', model: null, note } });
      const fallbacks = lines.filter((line) => line.message === BEDROCK_FALLBACK_LOG_MESSAGE);
      expect(fallbacks).toEqual([
        expect.objectContaining({ level: 'warn', component: 'assistant-engine', capability: 'must-haves', reason }),
      ]);
      expect(fallbacks[0].model).toBe(MODEL_ID);
      for (const secretOrDocument of [
        TEST_CREDENTIALS.secretAccessKey,
        'Northwind',
        'dana.reyes',
        'Sure! The must-haves',
        'Python, Kubernetes',
      ]) {
        expect(text).not.toContain(secretOrDocument);
      }
    },
  );

  it('answers offline when Bedrock does not answer within its budget', async () => {
    server.reply({ kind: 'hang' });
    // The production budget is 18 s; a short one here (the adapter test covers the budget itself).
    const quick = withFallback(
      createBedrockModel({ client: clientFor(server), modelId: MODEL_ID, tasks: { 'must-haves': mustHavesTask }, timeoutMs: 200 }),
      createDeterministicModel({ 'must-haves': offlineMustHaves }),
    );

    const { answer, lines } = await runLogged(quick);

    expect(answer.engine).toEqual({
      kind: 'deterministic',
      model: null,
      note: 'Amazon Bedrock took too long, so the offline engine answered.',
    });
    expect(lines.filter((line) => line.message === BEDROCK_FALLBACK_LOG_MESSAGE).map((line) => line.reason)).toEqual(['timeout']);
  });

  it('lets a failure of the offline engine itself through (a programming error, answered as a 500)', async () => {
    server.reply(throttled, throttled);
    const broken = withFallback(
      createBedrockModel({ client: clientFor(server), modelId: MODEL_ID, tasks: { 'must-haves': mustHavesTask } }),
      createDeterministicModel({}),
    );

    await expect(runLogged(broken)).rejects.toThrow(/no implementation of must-haves/);
  });
});

describe('with ASSISTANT_ENGINE=deterministic, only the offline engine answers', () => {
  it('never calls Bedrock and labels the result deterministic, without a note', async () => {
    const model = modelFromEnvironment({ ASSISTANT_ENGINE: 'deterministic', BEDROCK_ENDPOINT: server.url });

    const answer = await model.run('must-haves', INPUT);

    expect(answer).toEqual({ output: offlineMustHaves(INPUT), engine: { kind: 'deterministic', model: null, note: null } });
    expect(server.received).toEqual([]);
  });
});

describe('the engine environment is checked when the handler starts', () => {
  it.each([
    ['ASSISTANT_ENGINE is not set', {}],
    ['ASSISTANT_ENGINE is invalid: must be one of bedrock, deterministic', { ASSISTANT_ENGINE: 'openai' }],
    ['BEDROCK_MODEL_ID is not set', { ASSISTANT_ENGINE: 'bedrock' }],
    [
      'BEDROCK_MODEL_ID is invalid: must be a Bedrock model id or a US inference profile id',
      { ASSISTANT_ENGINE: 'bedrock', BEDROCK_MODEL_ID: 'gpt-4o' },
    ],
    ['BEDROCK_MODEL_ID is invalid', { ASSISTANT_ENGINE: 'bedrock', BEDROCK_MODEL_ID: 'eu.amazon.nova-lite-v1:0' }],
    ['BEDROCK_ENDPOINT is invalid', { ASSISTANT_ENGINE: 'bedrock', BEDROCK_MODEL_ID: MODEL_ID, BEDROCK_ENDPOINT: 'not a url' }],
  ])('refuses to start with a message naming the variable: %s', (message, env) => {
    expect(() => modelFromEnvironment(env)).toThrow(EnvironmentError);
    expect(() => modelFromEnvironment(env)).toThrow(message);
  });

  it.each([
    'us.amazon.nova-lite-v1:0',
    'amazon.nova-pro-v1:0',
    'us.anthropic.claude-3-5-haiku-20241022-v1:0',
    'us.meta.llama3-3-70b-instruct-v1:0',
  ])('accepts the model id %s', (modelId) => {
    expect(() => modelFromEnvironment({ ...bedrockEnvironment(), BEDROCK_MODEL_ID: modelId })).not.toThrow();
  });
});
