import * as fs from 'node:fs';
import { ATS_ENV } from '../../../lambdas/ats/routes/ats-environment-names';
import type {
  AtsConnectionResponse,
  AtsJobsResponse,
  AtsSyncResponse,
  PredictPlacementsResponse,
} from '../../../lambdas/shared/contracts/ats';
import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { ATS_DEMO_CREDENTIALS } from '../../../local/ats/ats-stand-ins';
import { lambdaEnvironment, resolvePorts, startLocalRuntime, type LocalRuntime } from '../../../local/runtime';
import { demoRecruiterIdToken } from '../identity/support';
import { temporaryFolder } from '../support/local-services';
import { fixtureWebDist } from '../support/web-dist';

/**
 * The ATS stand-ins inside the local runtime: their ports, the environment of the ATS routes,
 * endpoints.json, and the demo recruiter connecting the demo Greenhouse, syncing it and getting a
 * placement model that beats its baseline, through the real handlers over the REST adapter.
 */

const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };
const ATS_ROUTES = REST_ROUTES.filter((route) => route.path.startsWith('/ats/'));

describe('the ATS routes’ environment and the stand-ins’ ports', () => {
  const input = {
    productSlug: 'talentpilot',
    tableNames: { ats: 'talentpilot-local-ats' } as never,
    allowedOrigins: [],
    dynamodbEndpoint: 'http://127.0.0.1:1',
  };
  const ats = {
    keyFile: '/data/ats-credentials.key',
    baseUrls: { greenhouse: 'http://127.0.0.1:5186/v3', workable: 'http://127.0.0.1:5188/{subdomain}/spi/v3' },
    bullhornOrigins: ['http://127.0.0.1:5190', 'http://127.0.0.1:5191'],
  };

  it('gives routes with atsCredentials the local key file and the fakes’ API roots, and no other route either', () => {
    for (const route of ATS_ROUTES) {
      const environment = lambdaEnvironment(route, { ...input, ats });
      if (route.atsCredentials) {
        expect(environment[ATS_ENV.localKeyFile]).toBe('/data/ats-credentials.key');
        expect(JSON.parse(environment[ATS_ENV.baseUrls])).toEqual(ats.baseUrls);
        expect(environment[ATS_ENV.bullhornOrigins]).toBe('http://127.0.0.1:5190,http://127.0.0.1:5191');
      } else {
        expect(Object.keys(environment)).not.toEqual(expect.arrayContaining([ATS_ENV.localKeyFile]));
        expect(Object.keys(environment)).not.toEqual(expect.arrayContaining([ATS_ENV.baseUrls]));
      }
      expect(environment[ATS_ENV.kmsKeyId]).toBeUndefined();
    }
    expect(ATS_ROUTES.filter((route) => route.atsCredentials).map((route) => `${route.method} ${route.path}`)).toEqual([
      'POST /ats/connection',
      'POST /ats/connection/test',
      'POST /ats/sync',
      'POST /ats/bullhorn/authorize',
      'POST /ats/bullhorn/callback',
    ]);
  });

  it('puts the fakes on 5186–5189 by default, and on free ports when the runtime is asked for free ports', () => {
    expect(resolvePorts(undefined)).toMatchObject({ greenhouse: 5186, lever: 5187, workable: 5188, crelate: 5189 });
    expect(resolvePorts({ web: 5280, rest: 5281 })).toMatchObject({ greenhouse: 5186, lever: 5187, workable: 5188, crelate: 5189 });
    expect(resolvePorts(FREE_PORTS)).toMatchObject({ greenhouse: 0, lever: 0, workable: 0, crelate: 0 });
    expect(resolvePorts({ ...FREE_PORTS, greenhouse: 6186 })).toMatchObject({ greenhouse: 6186, lever: 0 });
  });
});

describe('the demo Greenhouse in the local runtime', () => {
  const dist = fixtureWebDist();
  const dataDir = temporaryFolder('runtime-ats');
  afterAll(() => {
    dataDir.remove();
    dist.remove();
  });

  // The walk calls four of the ten ATS functions: each loads on its first call, as Lambda does
  // (loading every handler at start is `npm start`'s, tested in test/local/start.test.ts).
  const start = (): Promise<LocalRuntime> =>
    startLocalRuntime({
      dataDir: dataDir.path,
      ports: FREE_PORTS,
      webDistDir: dist.path,
      webBuild: 'never',
      routes: ATS_ROUTES,
      warmFunctions: false,
    });

  // What a --reset does to the ATS key is checked with the other restart facts, in
  // test/local/identity/runtime-identity.test.ts ("keeps the local ATS credential key ...").
  it('lists the fakes in endpoints.json; the demo recruiter connects the demo Greenhouse, syncs it and gets a model that beats its baseline', async () => {
    const runtime = await start();
    try {
      const { ats } = runtime.endpoints;
      expect(JSON.parse(fs.readFileSync(runtime.endpointsFile!, 'utf8')).ats).toEqual(ats);
      expect(ats).toEqual({
        greenhouse: {
          baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v3$/),
          apikeytype: 'oauth2',
          apikey1: ATS_DEMO_CREDENTIALS.greenhouse.apikey1,
          apikey2: ATS_DEMO_CREDENTIALS.greenhouse.apikey2,
        },
        lever: {
          baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/),
          apikeytype: 'basic',
          apikey1: ATS_DEMO_CREDENTIALS.lever.apikey1,
        },
        workable: {
          baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/\{subdomain\}\/spi\/v3$/),
          apikeytype: 'bearer',
          apikey1: ATS_DEMO_CREDENTIALS.workable.apikey1,
          apikey2: 'groove-tech',
        },
        crelate: {
          baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api3$/),
          apikeytype: 'api-key',
          apikey1: ATS_DEMO_CREDENTIALS.crelate.apikey1,
        },
      });

      const token = await demoRecruiterIdToken(runtime.endpoints);
      const post = async <T>(pathname: string, body: unknown) => {
        const response = await fetch(`${runtime.endpoints.restUrl}${pathname}`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as T };
      };
      const { greenhouse } = ats;

      const wrong = await post<unknown>('/ats/connection', {
        atsname: 'greenhouse',
        apikeytype: 'oauth2',
        apikey1: greenhouse.apikey1,
        apikey2: 'not-the-demo-secret',
      });
      expect(wrong.status).toBe(400);
      const connected = await post<AtsConnectionResponse>('/ats/connection', {
        atsname: 'greenhouse',
        apikeytype: greenhouse.apikeytype,
        apikey1: greenhouse.apikey1,
        apikey2: greenhouse.apikey2,
      });
      expect(connected.status).toBe(200);
      expect(connected.body.connection).toMatchObject({ atsname: 'greenhouse', apikey1: '••••4821' });

      let sync = await post<AtsSyncResponse>('/ats/sync', {});
      for (let calls = 1; sync.body.outcome === 'partial' && calls < 10; calls += 1) sync = await post<AtsSyncResponse>('/ats/sync', {});
      expect(sync).toMatchObject({ status: 200, body: { outcome: 'complete' } });
      expect(sync.body.sync.stored).toMatchObject({ jobs: 3, candidates: 384, applications: 384 });

      const jobs = await fetch(`${runtime.endpoints.restUrl}/ats/jobs`, { headers: { authorization: token } }).then(
        (response) => response.json() as Promise<AtsJobsResponse>,
      );
      const backend = jobs.jobs.find((job) => job.title === 'Senior Backend Engineer')!;
      const predicted = await post<PredictPlacementsResponse>('/ats/predict', { jobId: backend.id });
      expect(predicted.status).toBe(200);
      const { prediction } = predicted.body;
      expect(prediction.status).toBe('trained');
      if (prediction.status !== 'trained') return;
      expect(prediction.evaluation.accuracy).toBeGreaterThan(prediction.evaluation.baselineAccuracy);
      expect(prediction.predictions.length).toBeGreaterThan(0);
      expect(JSON.stringify([connected.body, sync.body, predicted.body])).not.toContain(String(greenhouse.apikey2));
    } finally {
      await runtime.stop();
    }
  }, 180_000);
});
