import { REST_ROUTES } from '../../lib/definitions/rest-routes';
import { startLocalRuntime, type LocalRuntime } from '../../local/runtime';
import { startChatServer, type ChatServer } from '../lambdas/assistant/engine/support/chat-completions-server';
import { demoRecruiterIdToken } from './identity/support';
import { temporaryFolder } from './support/local-services';
import { fixtureWebDist } from './support/web-dist';

/**
 * `npm start -- --model-url … --model-name …` end to end: the demo recruiter asks for must-haves
 * through the real handler over the local REST adapter, and the answer comes from the local
 * model (a fake OpenAI-compatible server on 127.0.0.1); when the model fails, the offline engine
 * answers and the result says why.
 */

const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };
const dist = fixtureWebDist();
const dataDir = temporaryFolder('local-model-runtime');
const MUST_HAVES = REST_ROUTES.filter((route) => route.path === '/assistant/must-haves');
const DESCRIPTION = [
  'Forklift Operator, second shift, Columbus, OH.',
  'Requirements: current forklift certification; 2+ years operating forklifts in a warehouse.',
  'Nice to have: RF scanner experience.',
].join('\n');

let runtime: LocalRuntime;
let model: ChatServer;
let idToken: string;

beforeAll(async () => {
  model = await startChatServer();
  runtime = await startLocalRuntime({
    dataDir: dataDir.path,
    ports: FREE_PORTS,
    webDistDir: dist.path,
    webBuild: 'never',
    routes: MUST_HAVES,
    reset: true,
    localModel: { url: model.url, name: 'llama3.1' },
  });
  idToken = await demoRecruiterIdToken(runtime.endpoints);
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  await model?.close();
  dataDir.remove();
  dist.remove();
});

async function proposeMustHaves(): Promise<{
  status: number;
  engine: { kind: string; model: string | null; note: string | null };
  texts: string[];
}> {
  const response = await fetch(`${runtime.endpoints.restUrl}/assistant/must-haves`, {
    method: 'POST',
    headers: { authorization: idToken, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Forklift Operator', description: DESCRIPTION }),
  });
  const body = (await response.json()) as {
    result: { engine: { kind: string; model: string | null; note: string | null }; output: { mustHaves: { text: string }[] } };
  };
  return { status: response.status, engine: body.result.engine, texts: body.result.output.mustHaves.map((item) => item.text) };
}

it('answers with the local model the runtime was started with, and offline with a note when it fails', async () => {
  model.reply({
    kind: 'tool',
    input: {
      title: 'Forklift Operator',
      location: 'Columbus, OH',
      mustHaves: [{ text: 'Forklift certification', kind: 'certification', evidence: 'current forklift certification' }],
      niceToHaves: [{ text: 'RF scanner', kind: 'skill', evidence: 'Nice to have: RF scanner experience.' }],
    },
  });
  const answered = await proposeMustHaves();
  expect(answered).toEqual({
    status: 200,
    engine: { kind: 'local-model', model: 'llama3.1', note: null },
    texts: ['Forklift certification'],
  });
  expect(model.received.map((request) => [request.path, request.body.model])).toEqual([['/v1/chat/completions', 'llama3.1']]);
  expect(model.received[0].body.messages?.[1].content).toContain(JSON.stringify(DESCRIPTION));

  model.reply({ kind: 'error', status: 404, message: 'model "llama3.1" not found, try pulling it first' });
  const fallback = await proposeMustHaves();
  expect(fallback.status).toBe(200);
  expect(fallback.engine).toEqual({
    kind: 'deterministic',
    model: null,
    note: 'Your local model was unavailable, so the offline engine answered.',
  });
  expect(fallback.texts.length).toBeGreaterThan(0);
}, 60_000);
