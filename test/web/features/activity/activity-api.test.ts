/** @jest-environment ./test/support/backend-environment.js */
import { createRestActivityApi } from '../../../../web/src/features/activity/api/activity-api';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { restClientAnswering } from '../../support/rest';
import { testConfig } from '../../support/config';

/** The activity API over the real REST client, against a fake HTTP answer. */
function activityApi(answer: Response) {
  const { client, fetchImpl } = restClientAnswering(answer, 'id-token-dana');
  const sent = () => {
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
    return { url, method: init.method, headers: init.headers as Record<string, string> };
  };
  return { api: createRestActivityApi(testConfig(), client), sent };
}

describe('the activity API', () => {
  it('asks for a page with the filters and the cursor as query parameters', async () => {
    const page = { entries: [], nextCursor: null, members: [] };
    const { api, sent } = activityApi(new Response(JSON.stringify(page), { status: 200 }));

    await expect(
      api.getPage({ actor: 'lee', action: 'ats.synced,ats.tested', from: '2026-11-01T00:00:00.000Z' }, 'abc_-1'),
    ).resolves.toEqual(page);

    const url = new URL(sent().url);
    expect(url.pathname).toBe('/prod/user/organization/activity');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      actor: 'lee',
      action: 'ats.synced,ats.tested',
      from: '2026-11-01T00:00:00.000Z',
      cursor: 'abc_-1',
    });
    expect(sent().headers.Authorization).toBe('id-token-dana');
  });

  it('downloads the export as a file under the name its Content-Disposition gives', async () => {
    const csv = 'When (UTC),Who\r\n2026-11-27T09:00:00.000Z,Lee Chen\r\n';
    const { api, sent } = activityApi(
      new Response(csv, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="activity-acme-2026-11-27.csv"',
        },
      }),
    );

    const file = await api.exportCsv({ actor: 'lee' });

    expect(file.fileName).toBe('activity-acme-2026-11-27.csv');
    expect(await file.blob.text()).toBe(csv);
    expect(new URL(sent().url).pathname).toBe('/prod/user/organization/activity/export');
    expect(new URL(sent().url).searchParams.get('actor')).toBe('lee');
  });

  it('rejects a refused export with the server’s message, as any call', async () => {
    const { api } = activityApi(
      new Response(JSON.stringify({ message: 'A recruiter may not see the activity log.', code: 'activity_forbidden' }), { status: 403 }),
    );

    const refusal = api.exportCsv({});

    await expect(refusal).rejects.toBeInstanceOf(RestApiError);
    await expect(refusal).rejects.toMatchObject({ status: 403, code: 'activity_forbidden' });
  });
});
