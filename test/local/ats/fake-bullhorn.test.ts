import * as fs from 'node:fs';
import * as path from 'node:path';
import { BULLHORN_FIELDS, type BullhornEntity } from '../../../lambdas/ats/connectors/bullhorn-mapping';
import { bullhornDemoHistory } from '../../../local/ats/bullhorn-history';
import { FAKE_BULLHORN_CORP, parseFields, startFakeBullhorn, type FakeBullhorn } from '../../../local/ats/fake-bullhorn';
import { shapeOf, unknownPaths } from '../../../local/ats/fixture-shape';

/**
 * The fake Bullhorn answers only what Bullhorn's documented answers hold: every answer it gives
 * the connector's requests (on the demo firm `npm start` serves) has no key path or JSON type that
 * the fixtures of the same answer lack.
 */

const FIXTURES = path.join(__dirname, '../../../local/ats/fixtures/bullhorn');
const fixtureShapes = (prefix: string) =>
  fs
    .readdirSync(FIXTURES)
    .filter((name) => name.startsWith(prefix) && name.endsWith('.json'))
    .map((name) => shapeOf(JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'))));

const CLIENT = { clientId: 'demo-client-id-5190', clientSecret: 'demo-client-secret-5190' };
let bullhorn: FakeBullhorn;
beforeAll(async () => {
  bullhorn = await startFakeBullhorn({ ...CLIENT, data: bullhornDemoHistory(new Date('2026-11-26T12:00:00Z')).data });
});
afterAll(() => bullhorn.close());

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as unknown };
}

const token = (params: Record<string, string>) =>
  json(`${bullhorn.auth.origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }).toString(),
  });

describe('the fake Bullhorn, held to the fixtures', () => {
  it('answers loginInfo, both token grants and the REST login in the documented shapes', async () => {
    const loginInfo = await json(`${bullhorn.loginInfoRoot}/loginInfo?username=demo.api`);
    expect(unknownPaths(shapeOf(loginInfo.body), fixtureShapes('login-info'))).toEqual([]);

    const authorize = await fetch(
      `${bullhorn.auth.origin}/oauth/authorize?client_id=${CLIENT.clientId}&response_type=code&redirect_uri=http://127.0.0.1:1/cb&state=s`,
      { redirect: 'manual' },
    );
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const first = await token({ grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:1/cb' });
    expect(unknownPaths(shapeOf(first.body), fixtureShapes('token-authorization-code'))).toEqual([]);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: (first.body as { refresh_token: string }).refresh_token });
    expect(refreshed.status).toBe(200);
    expect(unknownPaths(shapeOf(refreshed.body), fixtureShapes('token-refresh'))).toEqual([]);

    const accessToken = (refreshed.body as { access_token: string }).access_token;
    const login = await json(`${bullhorn.loginInfoRoot}/login?version=*&access_token=${accessToken}`);
    expect(unknownPaths(shapeOf(login.body), fixtureShapes('rest-login'))).toEqual([]);
  });

  it('answers every page the connector asks for, and an expired session, in the documented shapes', async () => {
    const refreshToken = bullhorn.issueRefreshToken();
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    const accessToken = (refreshed.body as { access_token: string }).access_token;
    const login = (await json(`${bullhorn.loginInfoRoot}/login?version=*&access_token=${accessToken}`)).body as { BhRestToken: string };
    const headers = { BhRestToken: login.BhRestToken };
    const lists: readonly [BullhornEntity, string, string, string][] = [
      ['JobOrder', 'search', 'query=isDeleted:0&sort=id', 'search-joborder'],
      ['Candidate', 'search', 'query=isDeleted:0&sort=id', 'search-candidate'],
      ['JobSubmission', 'query', 'where=isDeleted = false&orderBy=id', 'query-jobsubmission'],
      ['Placement', 'query', 'where=id > 0&orderBy=id', 'query-placement'],
    ];
    for (const [entity, operation, filter, fixture] of lists) {
      for (const start of [0, 100, 100_000]) {
        const url = `${bullhorn.rest.origin}/rest-services/${FAKE_BULLHORN_CORP}/${operation}/${entity}?${filter}&fields=${BULLHORN_FIELDS[entity]}&start=${start}&count=100`;
        const page = await json(url, { headers });
        expect([entity, start, page.status]).toEqual([entity, start, 200]);
        expect([entity, unknownPaths(shapeOf(page.body), fixtureShapes(fixture))]).toEqual([entity, []]);
      }
    }
    bullhorn.expireSessions();
    const expired = await json(`${bullhorn.rest.origin}/rest-services/${FAKE_BULLHORN_CORP}/search/JobOrder?query=isDeleted:0&fields=id`, {
      headers,
    });
    expect(expired.status).toBe(401);
    expect(unknownPaths(shapeOf(expired.body), fixtureShapes('error-invalid-session'))).toEqual([]);
  });

  it('reads fields as Bullhorn writes them, nested ones included, and refuses a list it cannot parse', () => {
    expect(parseFields('id,candidate(id),address(city,state)')).toEqual({
      id: true,
      candidate: { id: true },
      address: { city: true, state: true },
    });
    for (const fields of ['', 'id,', 'a(b', 'a)b', 'id;drop']) expect(parseFields(fields)).toBeNull();
  });
});
