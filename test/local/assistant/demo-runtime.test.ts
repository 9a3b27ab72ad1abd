import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SAMPLE_JOBS } from '../../../lambdas/assistant/samples/sample-jobs';
import { REST_ROUTES } from '../../../lib/definitions/rest-routes';
import { startLocalRuntime, type LocalRuntime } from '../../../local/runtime';
import { claimsOf, cognitoClient } from '../identity/support';
import { temporaryFolder } from '../support/local-services';
import { fixtureWebDist } from '../support/web-dist';

/**
 * `npm start`'s demo recruiter, end to end: they sign in with the printed password and the
 * assistant (its real handler over the local REST adapter) shows them the sample jobs; a restart
 * keeps them and `--reset` seeds them again.
 */

const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };
const dist = fixtureWebDist();
const dataDir = temporaryFolder('demo-runtime');
const LIST_JOBS = REST_ROUTES.filter((route) => route.path === '/assistant/jobs' && route.method === 'GET');

async function start(reset = false): Promise<LocalRuntime> {
  return startLocalRuntime({
    dataDir: dataDir.path,
    ports: FREE_PORTS,
    webDistDir: dist.path,
    webBuild: 'never',
    routes: LIST_JOBS,
    reset,
  });
}

/** Signs the demo recruiter in with the seed's printed credentials and lists their jobs. */
async function demoJobs(runtime: LocalRuntime): Promise<{ sub: string; status: number; jobs: { id: string; mustHaves: unknown[] }[] }> {
  const seed = runtime.endpoints.seed as { demoEmail: string; demoPassword: string };
  const client = cognitoClient(String(runtime.endpoints.cognitoEndpoint));
  try {
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        ClientId: String(runtime.endpoints.userPoolClientId),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: seed.demoEmail, PASSWORD: seed.demoPassword },
      }),
    );
    const idToken = AuthenticationResult!.IdToken!;
    const response = await fetch(`${runtime.endpoints.restUrl}/assistant/jobs`, { headers: { authorization: idToken } });
    const body = (await response.json()) as { jobs: { id: string; mustHaves: unknown[] }[] };
    return { sub: String(claimsOf(idToken).sub), status: response.status, jobs: body.jobs };
  } finally {
    client.destroy();
  }
}

afterAll(() => {
  dataDir.remove();
  dist.remove();
});

describe('the demo recruiter of npm start', () => {
  it('signs in with the printed password and finds the sample jobs with their must-haves; a restart keeps them and --reset seeds them again', async () => {
    const first = await start();
    let seen: Awaited<ReturnType<typeof demoJobs>>;
    try {
      expect(first.endpoints.seed).toMatchObject({ demoEmail: 'demo@talentpilot.local', demoPassword: 'LocalDemo#2024' });
      seen = await demoJobs(first);
      expect(seen.status).toBe(200);
      expect(seen.jobs.map((job) => job.id).sort()).toEqual(SAMPLE_JOBS.map((job) => job.id).sort());
      expect(seen.jobs.every((job) => job.mustHaves.length > 0)).toBe(true);
    } finally {
      await first.stop();
    }

    const second = await start();
    try {
      expect(await demoJobs(second)).toEqual(seen);
    } finally {
      await second.stop();
    }

    const reset = await start(true);
    try {
      const again = await demoJobs(reset);
      expect(again.sub).not.toBe(seen.sub);
      expect(again.jobs.map((job) => job.id).sort()).toEqual(SAMPLE_JOBS.map((job) => job.id).sort());
    } finally {
      await reset.stop();
    }
  }, 120_000);
});
