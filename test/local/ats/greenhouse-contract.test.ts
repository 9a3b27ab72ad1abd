import * as fs from 'node:fs';
import * as path from 'node:path';
import { GREENHOUSE_DEMO_CLIENT } from '../../../local/ats/ats-stand-ins';
import { shapeOf, unknownPaths } from '../../../local/ats/fixture-shape';
import {
  GREENHOUSE_LISTS,
  greenhouseJob,
  startFakeGreenhouse,
  type FakeGreenhouse,
  type FakeGreenhouseData,
  type GreenhouseListName,
} from '../../../local/ats/fake-greenhouse';
import { greenhouseDemoHistory } from '../../../local/ats/greenhouse-history';

/**
 * The fake Greenhouse is held to Greenhouse's documentation: every answer it gives (the token and
 * every page of every list the demo account has) may only use the key paths and JSON types of the
 * fixture of that answer (`local/ats/fixtures/greenhouse/`, one per documentation page). A field
 * the fake invents, or a value of another type than documented, fails here.
 */

const FIXTURES = path.join(__dirname, '../../../local/ats/fixtures/greenhouse');
const documented = (file: string) => shapeOf(JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')));
/** The shape of several answers of one kind (every page of a list) as one. */
const shapeOfAll = (answers: readonly unknown[]) => new Set(answers.flatMap((answer) => [...shapeOf(answer)]));

async function start(data: FakeGreenhouseData): Promise<FakeGreenhouse> {
  return startFakeGreenhouse({ ...GREENHOUSE_DEMO_CLIENT, data, pageSize: 150 });
}

async function token(greenhouse: FakeGreenhouse): Promise<{ status: number; body: unknown }> {
  const response = await fetch(greenhouse.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${GREENHOUSE_DEMO_CLIENT.clientId}:${GREENHOUSE_DEMO_CLIENT.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', sub: GREENHOUSE_DEMO_CLIENT.userId }).toString(),
  });
  return { status: response.status, body: await response.json() };
}

/** Every page of one list, following the Link header. */
async function pagesOf(greenhouse: FakeGreenhouse, list: GreenhouseListName, accessToken: string): Promise<unknown[]> {
  const pages: unknown[] = [];
  let url: string | null = `${greenhouse.url}/${list}`;
  while (url) {
    const response: Response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(response.status).toBe(200);
    pages.push(await response.json());
    url = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
  }
  return pages;
}

describe('the fake Greenhouse answers only in the shapes Greenhouse documents', () => {
  let greenhouse: FakeGreenhouse;
  beforeAll(async () => {
    greenhouse = await start(greenhouseDemoHistory(new Date('2026-11-26T00:00:00Z')).data);
  }, 30_000);
  afterAll(() => greenhouse.close());

  it('answers the token request with the documented token fields', async () => {
    const answer = await token(greenhouse);
    expect(answer.status).toBe(200);
    expect(unknownPaths(shapeOf(answer.body), [documented('token.json')])).toEqual([]);
  });

  it.each(GREENHOUSE_LISTS)('answers every page of %s with documented key paths and JSON types only', async (list) => {
    const { body } = (await token(greenhouse)) as { body: { access_token: string } };
    const pages = await pagesOf(greenhouse, list, body.access_token);
    expect(pages.flat().length).toBeGreaterThan(0);
    expect(unknownPaths(shapeOfAll(pages), [documented(`${list}.json`)])).toEqual([]);
  });
});

it('fails a fake that answers with a field or a type the documentation does not have', async () => {
  const greenhouse = await start({
    jobs: [greenhouseJob({ id: 1, departments: [{ id: 4, name: 'Ops' }] }), greenhouseJob({ id: 2, office_ids: ['55301'] })],
  });
  try {
    const { body } = (await token(greenhouse)) as { body: { access_token: string } };
    const pages = await pagesOf(greenhouse, 'jobs', body.access_token);
    expect(unknownPaths(shapeOfAll(pages), [documented('jobs.json')])).toEqual([
      '$[].departments array',
      '$[].departments[] object',
      '$[].departments[].id number',
      '$[].departments[].name string',
      '$[].office_ids[] string',
    ]);
  } finally {
    await greenhouse.close();
  }
});
