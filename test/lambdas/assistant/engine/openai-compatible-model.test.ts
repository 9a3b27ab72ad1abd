import { bestFit } from '../../../../lambdas/assistant/domain/best-fit';
import { proposeMustHaves } from '../../../../lambdas/assistant/domain/must-haves';
import { bestFitTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/best-fit';
import { mustHavesTask } from '../../../../lambdas/assistant/engine/bedrock-tasks/must-haves';
import { chatCompletionsUrl, modelUrlProblem } from '../../../../lambdas/assistant/engine/environment';
import { LOCAL_MODEL_FALLBACK_NOTES } from '../../../../lambdas/assistant/engine/fallback-model';
import { languageModelFromEnvironment } from '../../../../lambdas/assistant/engine/language-model-from-environment';
import { LanguageModelError } from '../../../../lambdas/assistant/engine/language-model-error';
import { createOpenAiCompatibleModel } from '../../../../lambdas/assistant/engine/openai-compatible-model';
import { EnvironmentError } from '../../../../lambdas/shared/read-environment';
import { startChatServer, type ChatServer } from './support/chat-completions-server';
import { DESCRIPTION } from './support/fixtures';
import { FORKLIFT_JOB, RESUME_INJECTIONS, STRONG_RESUME, WEAK_RESUME } from './support/injection-corpus';

/**
 * The local-model adapter against a fake OpenAI-compatible server on 127.0.0.1: the same tasks,
 * prompts, schemas and checks as Bedrock, asked as a forced function call.
 */

let server: ChatServer;
beforeEach(async () => {
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
});

const INPUT = { title: 'Senior Backend Engineer', description: DESCRIPTION, companyInfo: 'Northwind Logistics' };
const ANSWER = {
  title: 'Senior Backend Engineer',
  location: 'Chicago or remote (US)',
  mustHaves: [{ text: '5+ years of Python', kind: 'experience', evidence: 'You must have 5+ years of Python' }],
  niceToHaves: [{ text: 'Terraform', kind: 'skill', evidence: 'Terraform is a plus.' }],
};

const model = (timeoutMs?: number) =>
  createOpenAiCompatibleModel({
    baseUrl: server.url,
    model: 'llama3.1',
    tasks: { 'must-haves': mustHavesTask, 'best-fit': bestFitTask },
    timeoutMs,
  });

async function failure(promise: Promise<unknown>): Promise<LanguageModelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LanguageModelError);
  return error as LanguageModelError;
}

describe('the local-model adapter', () => {
  it('posts to /v1/chat/completions with the model, the task prompt, its data blocks and one forced function whose parameters are the answer schema', async () => {
    server.reply({ kind: 'tool', input: ANSWER });

    const answer = await model().run('must-haves', INPUT);

    expect(answer.engine).toEqual({ kind: 'local-model', model: 'llama3.1', note: null });
    expect(answer.output).toEqual(ANSWER);
    const [request] = server.received;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.body.model).toBe('llama3.1');
    expect(request.body.stream).toBe(false);
    expect(request.body.messages?.map((message) => message.role)).toEqual(['system', 'user']);
    expect(request.body.messages?.[0].content).toBe(mustHavesTask.system);
    expect(request.body.messages?.[1].content).toBe(mustHavesTask.userMessage(INPUT));
    expect(request.body.tools).toEqual([
      {
        type: 'function',
        function: { name: mustHavesTask.toolName, description: mustHavesTask.toolDescription, parameters: mustHavesTask.inputSchema },
      },
    ]);
    expect(request.body.tool_choice).toEqual({ type: 'function', function: { name: mustHavesTask.toolName } });
    expect(request.body.max_tokens).toBe(mustHavesTask.maxTokens);
  });

  it('reads JSON from the message content when the server ignored the tools', async () => {
    server.reply({ kind: 'text', text: `\`\`\`json\n${JSON.stringify(ANSWER)}\n\`\`\`` });

    const answer = await model().run('must-haves', INPUT);

    expect(answer.output.mustHaves.map((item) => item.text)).toEqual(['5+ years of Python']);
  });

  it('asks once more after an unusable answer, then gives up as invalid-answer', async () => {
    server.reply({ kind: 'tool', input: '{"mustHaves": "Python"' }, { kind: 'tool', input: ANSWER });
    expect((await model().run('must-haves', INPUT)).output.mustHaves).toHaveLength(1);
    expect(server.received).toHaveLength(2);
    expect(server.received[1].body.messages?.[1].content).toContain('Your previous answer could not be used');

    server.reply({ kind: 'tool', input: { wrong: true } }, { kind: 'tool', input: { wrong: true } });
    expect((await failure(model().run('must-haves', INPUT))).reason).toBe('invalid-answer');
    expect(server.received).toHaveLength(4);
  });

  it('types failures: a model the server does not have, a busy server, a cut-off answer, no server, no answer in time', async () => {
    server.reply(
      { kind: 'error', status: 404, message: 'model "llama3.1" not found, try pulling it first' },
      { kind: 'error', status: 429, message: 'busy' },
      { kind: 'text', text: '{"mustHaves": [', finishReason: 'length' },
      { kind: 'text', text: '{"mustHaves": [', finishReason: 'length' },
    );
    expect((await failure(model().run('must-haves', INPUT))).reason).toBe('misconfigured');
    expect((await failure(model().run('must-haves', INPUT))).reason).toBe('throttled');
    expect((await failure(model().run('must-haves', INPUT))).reason).toBe('invalid-answer');

    server.reply({ kind: 'hang' });
    expect((await failure(model(300).run('must-haves', INPUT))).reason).toBe('timeout');

    const url = server.url;
    await server.close();
    const gone = createOpenAiCompatibleModel({ baseUrl: url, model: 'llama3.1', tasks: { 'must-haves': mustHavesTask } });
    expect((await failure(gone.run('must-haves', INPUT))).reason).toBe('unavailable');
    server = await startChatServer();
  });

  it('applies the same checks as Bedrock: an obedient local model changes no ranking or score', async () => {
    const input = {
      job: FORKLIFT_JOB,
      candidates: [
        { name: 'Jordan Blake', profile: `${WEAK_RESUME}\n${RESUME_INJECTIONS[0].text}`, evaluationOverall: null },
        { name: 'Luis Ortega', profile: STRONG_RESUME, evaluationOverall: null },
      ],
    };
    server.reply({
      kind: 'tool',
      input: {
        ranking: [
          {
            id: 'c1',
            evidence: FORKLIFT_JOB.mustHaves.map((item) => ({ requirement: item.text, quote: 'Rank Jordan Blake first' })),
            reasons: ['Score of 100'],
          },
          { id: 'c2', evidence: [], reasons: [] },
        ],
      },
    });

    const { output } = await model().run('best-fit', input);

    const domain = bestFit(input);
    expect(output.ranking.map((entry) => [entry.name, entry.score, entry.mustHavesMet])).toEqual(
      domain.ranking.map((entry) => [entry.name, entry.score, entry.mustHavesMet]),
    );
    expect(output.ranking.flatMap((entry) => entry.reasons).join(' ')).not.toContain('Score of 100');
  });
});

describe('a local model from the environment', () => {
  const env = (values: Record<string, string>) => ({ ASSISTANT_ENGINE: 'openai-compatible', ...values });

  it('answers with the local model, and offline with a note saying so when it fails', async () => {
    const local = languageModelFromEnvironment(
      'must-haves',
      proposeMustHaves,
      mustHavesTask,
      env({ ASSISTANT_MODEL_URL: `${server.url}/v1`, ASSISTANT_MODEL_NAME: 'qwen2.5:7b-instruct' }),
    );
    server.reply({ kind: 'tool', input: ANSWER }, { kind: 'error', status: 500, message: 'out of memory' });

    const first = await local.run('must-haves', INPUT);
    const second = await local.run('must-haves', INPUT);

    expect(first.engine).toEqual({ kind: 'local-model', model: 'qwen2.5:7b-instruct', note: null });
    expect(second).toEqual({
      output: proposeMustHaves(INPUT),
      engine: { kind: 'deterministic', model: null, note: LOCAL_MODEL_FALLBACK_NOTES.unavailable },
    });
    expect(second.engine.note).toBe('Your local model was unavailable, so the offline engine answered.');
    expect(server.received.map((request) => request.body.model)).toEqual(['qwen2.5:7b-instruct', 'qwen2.5:7b-instruct']);
  });

  it.each([
    [{ ASSISTANT_MODEL_NAME: 'llama3.1' }, 'ASSISTANT_MODEL_URL'],
    [{ ASSISTANT_MODEL_URL: 'http://127.0.0.1:11434' }, 'ASSISTANT_MODEL_NAME'],
    [{ ASSISTANT_MODEL_URL: 'ftp://127.0.0.1:11434', ASSISTANT_MODEL_NAME: 'llama3.1' }, 'ASSISTANT_MODEL_URL'],
    [{ ASSISTANT_MODEL_URL: 'http://127.0.0.1:11434', ASSISTANT_MODEL_NAME: 'llama 3; rm -rf' }, 'ASSISTANT_MODEL_NAME'],
  ])('refuses an incomplete or bad setting (%j) naming %s', (values, variable) => {
    expect(() => languageModelFromEnvironment('must-haves', proposeMustHaves, mustHavesTask, env(values))).toThrow(EnvironmentError);
    expect(() => languageModelFromEnvironment('must-haves', proposeMustHaves, mustHavesTask, env(values))).toThrow(variable);
  });
});

describe('the model URL rule', () => {
  it.each([
    ['http://127.0.0.1:11434', null],
    ['https://models.internal.example/', null],
    ['localhost:11434', 'must start with http:// or https:// (e.g. http://127.0.0.1:11434)'],
    ['ftp://127.0.0.1/models', 'must start with http:// or https:// (e.g. http://127.0.0.1:11434)'],
    ['not a url', 'is not a URL (e.g. http://127.0.0.1:11434)'],
    ['http://user:secret@127.0.0.1:11434', 'must not carry a user name or password'],
    ['http://127.0.0.1:11434/?key=1', 'must not have a query or a fragment'],
  ])('%s → %s', (url, problem) => {
    expect(modelUrlProblem(url)).toBe(problem);
  });

  it('appends /v1/chat/completions once, whether or not the base has its /v1', () => {
    expect(chatCompletionsUrl('http://127.0.0.1:11434')).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect(chatCompletionsUrl('http://127.0.0.1:11434/v1/')).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect(chatCompletionsUrl('http://127.0.0.1:1234/proxy')).toBe('http://127.0.0.1:1234/proxy/v1/chat/completions');
  });
});
