import { screen, waitFor, within } from '@testing-library/react';
import type { ActivityEntryView, ActivityMemberView, ActivityPageResponse } from '@contracts/activity';
import { activitySentence } from '@shared-domain/activity-sentences';
import type { ActivityApi } from '../../../../web/src/features/activity/api/activity-api';
import { NOT_FOR_RECRUITERS, RANGE_PROBLEM } from '../../../../web/src/features/activity/components/activity-log';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { authUser, dbUser, FakeIdentity } from '../../support/auth';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

const DANA: ActivityMemberView = {
  userId: 'dana',
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  role: 'owner',
  state: 'active',
};
const LEE: ActivityMemberView = {
  userId: 'lee',
  firstName: 'Lee',
  lastName: 'Chen',
  email: 'lee@example.com',
  role: 'admin',
  state: 'active',
};
const GUS: ActivityMemberView = {
  userId: 'gus',
  firstName: 'Gus',
  lastName: 'Gone',
  email: 'gus@example.com',
  role: 'recruiter',
  state: 'removed',
};

function entry(index: number, overrides: Partial<Omit<ActivityEntryView, 'sentence'>> = {}): ActivityEntryView {
  const view = {
    entryId: `2026-11-${String(27 - (index % 20)).padStart(2, '0')}T09:00:00.000Z#${index}`,
    at: `2026-11-${String(27 - (index % 20)).padStart(2, '0')}T09:00:00.000Z`,
    action: 'ats.synced' as const,
    actor: LEE,
    subject: null,
    details: { jobs: 4, candidates: 31 },
    ...overrides,
  };
  return { ...view, sentence: activitySentence(view) };
}

const INVITED = entry(1, {
  action: 'member.invited',
  actor: DANA,
  subject: { kind: 'invitation', id: 'sam@example.com', person: null },
  details: { role: 'recruiter' },
});
const SYNCED = entry(2);
const REMOVED = entry(3, { action: 'member.removed', actor: DANA, subject: { kind: 'member', id: 'gus', person: GUS }, details: {} });

/** The firm's log as the server pages it: `pages` in order, the members on the first. */
function fakeActivity(pages: readonly (readonly ActivityEntryView[])[], refusal?: RestApiError) {
  const getPage = jest.fn(async (_filters: Parameters<ActivityApi['getPage']>[0], cursor?: string): Promise<ActivityPageResponse> => {
    if (refusal) throw refusal;
    const index = cursor === undefined ? 0 : Number(cursor);
    return {
      entries: pages[index] ?? [],
      nextCursor: index + 1 < pages.length ? String(index + 1) : null,
      members: cursor === undefined ? [DANA, LEE, GUS] : null,
    };
  });
  const exportCsv = jest.fn(async () => ({
    blob: new Blob(['When (UTC)\r\n'], { type: 'text/csv' }),
    fileName: 'activity-acme-2026-11-27.csv',
  }));
  return { getPage, exportCsv };
}

function openPage(activity: ReturnType<typeof fakeActivity>) {
  const session = new FakeIdentity({ signedIn: authUser(), users: [dbUser()] }).session();
  return renderApp('/activity', { ports: { session, activity } });
}

describe('the Activity page', () => {
  it('shows the firm’s activity newest first: when, who and what in plain words', async () => {
    openPage(fakeActivity([[INVITED, SYNCED, REMOVED]]));

    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Activity · TalentPilot'));
    const table = await screen.findByRole('table', { name: 'Team activity, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map(
        (row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent)[2],
      ),
    ).toEqual([
      'Dana Reyes invited sam@example.com as recruiter',
      'Lee Chen synced the ATS: 4 jobs, 31 candidates',
      'Dana Reyes removed Gus Gone from the team',
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent('Lee Chen');
    expect(within(rows[1]!).getByText(/2026/).closest('time')).toHaveAttribute('datetime', SYNCED.at);
    expect(screen.getByText('Showing 3 entries.')).toBeInTheDocument();
  });

  it('filters by person, action type and dates, and asks the server with those filters', async () => {
    const activity = fakeActivity([[INVITED, SYNCED]]);
    const { user } = openPage(activity);
    await screen.findByRole('table');

    const person = screen.getByRole('combobox', { name: 'Person' });
    expect(
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Dana Reyes', 'Lee Chen', 'Gus Gone (removed)']);
    await user.selectOptions(person, 'gus');
    await waitFor(() => expect(activity.getPage).toHaveBeenLastCalledWith({ actor: 'gus' }, undefined));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action type' }), 'ats');
    await waitFor(() =>
      expect(activity.getPage).toHaveBeenLastCalledWith(
        { actor: 'gus', action: 'ats.connected,ats.tested,ats.synced,ats.disconnected' },
        undefined,
      ),
    );

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() =>
      expect(activity.getPage).toHaveBeenLastCalledWith(
        {
          actor: 'gus',
          action: 'ats.connected,ats.tested,ats.synced,ats.disconnected',
          from: new Date('2026-11-01T00:00:00').toISOString(),
          to: new Date('2026-11-30T23:59:59.999').toISOString(),
        },
        undefined,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(activity.getPage).toHaveBeenLastCalledWith({}, undefined));
  });

  it('says when the start date is after the end date, and keeps the last valid filters', async () => {
    const activity = fakeActivity([[INVITED]]);
    const { user } = openPage(activity);
    await screen.findByRole('table');

    await user.type(screen.getByLabelText('To'), '2026-11-02');
    await waitFor(() =>
      expect(activity.getPage).toHaveBeenLastCalledWith({ to: new Date('2026-11-02T23:59:59.999').toISOString() }, undefined),
    );
    const calls = activity.getPage.mock.calls.length;
    await user.type(screen.getByLabelText('From'), '2026-11-20');

    expect(await screen.findByText(RANGE_PROBLEM)).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(activity.getPage).toHaveBeenCalledTimes(calls);
  });

  it('loads more entries below the first page', async () => {
    const first = Array.from({ length: 3 }, (_, index) => entry(10 + index));
    const { user } = openPage(fakeActivity([first, [REMOVED]]));
    await screen.findByRole('table');
    expect(screen.getByText('Showing 3 entries; there may be more.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Dana Reyes removed Gus Gone from the team')).toBeInTheDocument();
    expect(screen.getByText('Showing 4 entries.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('exports the log as CSV with the same filters, under the server’s file name', async () => {
    const createObjectURL = jest.fn(() => 'blob:activity');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const activity = fakeActivity([[INVITED, SYNCED]]);
    const { user } = openPage(activity);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'lee');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(clicked).toEqual(['activity-acme-2026-11-27.csv blob:activity']));
    expect(activity.exportCsv).toHaveBeenCalledWith({ actor: 'lee' });
  });

  it('tells a recruiter the log is for owners and admins, with no export', async () => {
    openPage(fakeActivity([], new RestApiError(403, 'activity_forbidden', 'A recruiter may not see the activity log.')));

    expect(await screen.findByText(NOT_FOR_RECRUITERS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the log cannot be read', async () => {
    const activity = fakeActivity([[INVITED]]);
    activity.getPage.mockRejectedValueOnce(new RestApiError(503, 'unavailable', 'The log is busy right now.'));
    const { user } = openPage(activity);

    expect(await screen.findByText('The log is busy right now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Dana Reyes invited sam@example.com as recruiter')).toBeInTheDocument();
  });
});
