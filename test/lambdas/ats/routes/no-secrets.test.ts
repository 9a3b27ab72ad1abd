import { parseSealed } from '../../../../lambdas/ats/credentials/sealed-format';
import { captureLogs } from '../../support/capture-logs';
import { expectNoSecretIn } from '../credentials/secret-search';
import {
  GREENHOUSE_KEY,
  GREENHOUSE_SECRET,
  LEVER_KEY,
  call,
  oneJobGreenhouse,
  startAtsRouteServices,
  type Answer,
  type AtsRouteServices,
} from './support/ats-route-services';

/**
 * ATS keys are write-only: across every route, its successes and its refusals, no answer (body or
 * header) and no log line carries a key, in the clear or encoded, nor the sealed value stored for
 * it: only the mask (`••••` and the last four characters).
 */

const WRONG_KEY = 'wrong7Hq2Lx9Pz4Rk8Vm3Nt6Bc1Yd5Hf0';
let ats: AtsRouteServices;

beforeAll(async () => {
  ats = await startAtsRouteServices({ greenhouseData: oneJobGreenhouse() });
});
afterAll(() => ats.stop());

it('no answer and no log line of any ATS route carries a key or its sealed value', async () => {
  const handlers = ats.handlers();
  const unreachable = ats.handlers({ baseUrls: { greenhouse: 'http://127.0.0.1:9/v1' } });
  await ats.subscriber('secret-owner');
  const answers: Answer[] = [];
  const sealedValues: string[] = [];
  const as = 'secret-owner';
  const connect = async (body: unknown, which = handlers) => {
    answers.push(await call(which['POST /ats/connection'], { method: 'POST', resource: '/ats/connection', body, as }));
    const stored = await ats.storedUser(as);
    for (const value of [stored?.apikey1, stored?.apikey2]) if (typeof value === 'string') sealedValues.push(value);
  };
  const post = async (resource: string, body?: unknown) =>
    answers.push(await call(handlers[`POST ${resource}` as 'POST /ats/sync'], { method: 'POST', resource, body, as }));
  const get = async (resource: string, query?: Record<string, string>) =>
    answers.push(await call(handlers[`GET ${resource}` as 'GET /ats/jobs'], { method: 'GET', resource, query, as }));

  const logs = captureLogs();
  try {
    await connect({ atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: WRONG_KEY, apikey2: GREENHOUSE_SECRET });
    await connect({ atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: GREENHOUSE_KEY, apikey2: GREENHOUSE_SECRET }, unreachable);
    await connect({ atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: GREENHOUSE_KEY, apikey2: GREENHOUSE_SECRET });
    await connect({
      atsname: 'greenhouse',
      apikeytype: 'oauth2',
      apikey1: `••••${GREENHOUSE_KEY.slice(-4)}`,
      apikey2: `••••${GREENHOUSE_SECRET.slice(-4)}`,
    });
    await connect({ atsname: 'greenhouse', apikeytype: 'bearer', apikey1: GREENHOUSE_KEY });
    await connect({
      atsname: 'greenhouse',
      apikeytype: 'oauth2',
      apikey1: `${GREENHOUSE_KEY} ${GREENHOUSE_KEY}`,
      apikey2: GREENHOUSE_SECRET,
    });
    await connect({ atsname: 'greenhouse', apikeytype: 'oauth2', apikey1: GREENHOUSE_KEY, apikey2: LEVER_KEY });
    await connect({
      atsname: 'greenhouse',
      apikeytype: 'oauth2',
      apikey1: GREENHOUSE_KEY,
      apikey2: GREENHOUSE_SECRET,
      [GREENHOUSE_KEY]: LEVER_KEY,
    });
    await connect({
      atsname: 'greenhouse',
      apikeytype: 'oauth2',
      apikey1: sealedValues[0] ?? 'enc:v1:local:AAAA',
      apikey2: GREENHOUSE_SECRET,
    });
    await connect(`{"atsname":"greenhouse","apikey1":"${GREENHOUSE_KEY}"`);
    await post('/ats/connection/test');
    ats.greenhouse.failNext({ kind: 'status', status: 401, body: { message: 'Invalid Basic Auth credentials' } });
    await post('/ats/connection/test');
    await post('/ats/sync');
    await get('/ats/connection');
    await get('/ats/jobs');
    await get('/ats/candidates', { jobId: '7' });
    await get('/ats/candidates', { jobId: GREENHOUSE_KEY });
    await post('/ats/predict', { jobId: '7' });
    await post('/ats/predict', { jobId: GREENHOUSE_KEY });
    await connect({ atsname: 'lever', apikeytype: 'basic', apikey1: LEVER_KEY });
    await post('/ats/connection/test');
    await post('/ats/connection/remove');
  } finally {
    logs.restore();
  }

  expect(answers.map((answer) => answer.status)).toEqual([
    400, 503, 200, 200, 400, 400, 400, 400, 400, 400, 200, 200, 200, 200, 200, 200, 404, 200, 404, 200, 200, 200,
  ]);
  expect(new Set(sealedValues).size).toBeGreaterThanOrEqual(2);
  const secrets = [
    GREENHOUSE_KEY,
    GREENHOUSE_SECRET,
    WRONG_KEY,
    LEVER_KEY,
    ...sealedValues,
    ...sealedValues.map((sealed) => parseSealed(sealed)?.payload ?? sealed),
  ];
  const seen = { answers, logs: logs.text() };
  expect(logs.lines.length).toBeGreaterThan(answers.length);
  for (const secret of secrets) expectNoSecretIn(seen, secret);
});
