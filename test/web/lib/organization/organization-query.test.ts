/** @jest-environment ./test/support/backend-environment.js */
import { QueryClient } from '@tanstack/react-query';
import { cacheTeam, createRestOrganizationReader, organizationKeys } from '../../../../web/src/lib/organization/organization-query';
import { createRestClient } from '../../../../web/src/lib/rest-client';
import { testConfig } from '../../support/config';
import { teamState } from '../../support/team';

/** The firm's two views on the REST API and in the cache (issue 18): the Team page's team, every page's summary. */

function readerAnswering(status: number, body: unknown) {
  const fetchImpl = jest.fn(
    async (_url: string) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  const client = createRestClient({
    baseUrl: 'http://127.0.0.1:5181/prod/',
    getIdToken: async () => 'id-token',
    fetch: fetchImpl as unknown as typeof fetch,
  });
  return { reader: createRestOrganizationReader(testConfig(), client), urls: () => fetchImpl.mock.calls.map(([url]) => url) };
}

describe('the firm reader', () => {
  it('asks for the summary with view=summary and for the team without a view', async () => {
    const summary = { organization: { id: 'sub-ada', name: 'Northbridge Staffing' }, role: 'admin' };
    const { reader, urls } = readerAnswering(200, summary);
    await expect(reader.getOrganizationSummary()).resolves.toEqual(summary);
    await reader.getOrganization();
    expect(urls()).toEqual(['http://127.0.0.1:5181/prod/user/organization?view=summary', 'http://127.0.0.1:5181/prod/user/organization']);
  });

  it('reads a person in no firm as null in either view, and lets other failures through', async () => {
    const notInFirm = readerAnswering(404, { code: 'organization_not_found', message: 'You are not part of a team yet.' });
    await expect(notInFirm.reader.getOrganizationSummary()).resolves.toBeNull();
    await expect(notInFirm.reader.getOrganization()).resolves.toBeNull();
    const failing = readerAnswering(500, { code: 'internal_error', message: 'Something went wrong.' });
    await expect(failing.reader.getOrganizationSummary()).rejects.toMatchObject({ status: 500 });
  });
});

describe('a team change in the cache', () => {
  it('writes each view under its own key, each in its own shape', () => {
    const queryClient = new QueryClient();
    const team = teamState({ role: 'admin' });
    cacheTeam(queryClient, team);
    expect(queryClient.getQueryData(organizationKeys.team)).toBe(team);
    expect(queryClient.getQueryData(organizationKeys.summary)).toEqual({
      organization: { id: 'sub-ada', name: 'Northbridge Staffing' },
      role: 'admin',
    });
  });
});
