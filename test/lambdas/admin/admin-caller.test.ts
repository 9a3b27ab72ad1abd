import { adminStandingProblem, requireAdmin, type AdminCheckDependencies } from '../../../lambdas/admin/admin-caller';
import { createAdminStandingHandler } from '../../../lambdas/admin/check-admin-standing';
import type { DirectoryUser } from '../../../lambdas/shared/user-directory/user-directory';
import { parseGroupsClaim } from '../../../lambdas/shared/http/caller';
import { ForbiddenError, UnauthorizedError } from '../../../lambdas/shared/errors';
import { adminEvent, claims } from './support/admin-events';

function directoryUser(sub: string, overrides: Partial<DirectoryUser> = {}): DirectoryUser {
  return { username: sub, sub, status: 'CONFIRMED', enabled: true, attributes: { sub }, groups: ['Admins'], ...overrides };
}

/** A directory and a users table that know exactly these people. */
function standing(people: Record<string, { record?: 'ACTIVE' | 'REMOVED'; user?: Partial<DirectoryUser> | null }>): AdminCheckDependencies {
  return {
    directory: {
      getUser: async (username) => {
        const person = people[username];
        return person && person.user !== null ? directoryUser(username, person.user) : undefined;
      },
    },
    users: { getById: async (id) => (people[id]?.record ? { status: people[id].record } : undefined) },
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  };
}

describe('the admin check of the admin routes', () => {
  it.each([
    ['Admins', ['Admins']],
    ['Admins,Beta_Customer_R1', ['Admins', 'Beta_Customer_R1']],
    ['[Admins Beta_Customer_R1]', ['Admins', 'Beta_Customer_R1']],
    ['[Beta_Customer_R1, Admins]', ['Beta_Customer_R1', 'Admins']],
    ['', []],
  ])('reads the cognito:groups claim %j', (claim, groups) => {
    expect(parseGroupsClaim(claim)).toEqual(groups);
  });

  it('reads a groups claim that arrives as a list', () => {
    expect(parseGroupsClaim(['Admins', 7, ''])).toEqual(['Admins']);
    expect(parseGroupsClaim(undefined)).toEqual([]);
  });

  it('lets a current member of Admins with an active record through, as themselves', async () => {
    const deps = standing({ 'a-1': { record: 'ACTIVE' } });
    await expect(requireAdmin(adminEvent('/admin/user', {}, claims('a-1', '[Beta_Customer_R2 Admins]')), deps)).resolves.toEqual({
      sub: 'a-1',
    });
  });

  it('forbids a signed-in user outside Admins, even in a group whose name contains it, without asking anyone', async () => {
    const nobody = standing({});
    await expect(requireAdmin(adminEvent('/admin/user', {}, claims('m-1', 'Beta_Customer_R1')), nobody)).rejects.toThrow(ForbiddenError);
    await expect(requireAdmin(adminEvent('/admin/user', {}, claims('m-2', 'NotAdmins,Admins2')), nobody)).rejects.toThrow(ForbiddenError);
    await expect(requireAdmin(adminEvent('/admin/user', {}, claims('m-3', undefined)), nobody)).rejects.toThrow(ForbiddenError);
  });

  it.each([
    ['an admin who was removed (record REMOVED, Cognito user deleted)', { record: 'REMOVED', user: null }],
    ['an admin who was demoted (no longer in Admins)', { record: 'ACTIVE', user: { groups: ['Beta_Customer_R1'] } }],
    ['an admin whose Cognito user was disabled', { record: 'ACTIVE', user: { enabled: false } }],
    ['an admin without a record', { user: {} }],
  ] as const)('forbids %s while their token still says Admins', async (_case, person) => {
    const deps = standing({ 'a-2': person as never });
    await expect(requireAdmin(adminEvent('/admin/user', {}, claims('a-2', 'Admins')), deps)).rejects.toThrow(
      'Only administrators may manage users.',
    );
  });

  it('names the reason for each refusal (logged, never answered)', () => {
    const admin = { sub: 's', isAdmin: true };
    expect(adminStandingProblem({ sub: 's', isAdmin: false }, { status: 'ACTIVE' }, directoryUser('s'))).toBe('not_admin_in_token');
    expect(adminStandingProblem(admin, undefined, directoryUser('s'))).toBe('no_record');
    expect(adminStandingProblem(admin, { status: 'REMOVED' }, directoryUser('s'))).toBe('record_not_active');
    expect(adminStandingProblem(admin, { status: 'ACTIVE' }, undefined)).toBe('not_in_directory');
    expect(adminStandingProblem(admin, { status: 'ACTIVE' }, directoryUser('s', { enabled: false }))).toBe('disabled');
    expect(adminStandingProblem(admin, { status: 'ACTIVE' }, directoryUser('t'))).toBe('another_person');
    expect(adminStandingProblem(admin, { status: 'ACTIVE' }, directoryUser('s', { groups: [] }))).toBe('not_admin_now');
    expect(adminStandingProblem(admin, { status: 'ACTIVE' }, directoryUser('s'))).toBeUndefined();
  });

  it('refuses a call without verified claims (no authorizer in front) as unauthenticated', async () => {
    await expect(requireAdmin(adminEvent('/admin/user', {}, null), standing({}))).rejects.toThrow(UnauthorizedError);
  });
});

describe('the GraphQL API’s admin check (the admin standing Lambda behind the AppSync pipeline)', () => {
  /** The people below, and how often the record and the directory were asked. */
  function counted(people: Parameters<typeof standing>[0]) {
    const deps = standing(people);
    const asked = { users: 0, directory: 0 };
    return {
      asked,
      deps: {
        ...deps,
        users: { getById: (id: string) => ((asked.users += 1), deps.users.getById(id)) },
        directory: { getUser: (username: string) => ((asked.directory += 1), deps.directory.getUser(username)) },
      },
    };
  }

  it('answers adminNow for an admin who still is one, by the same rule as the REST admin routes', async () => {
    const { deps } = counted({ 'g-1': { record: 'ACTIVE' } });
    await expect(createAdminStandingHandler(() => deps)({ sub: 'g-1', username: 'g-1' })).resolves.toEqual({ adminNow: true });
  });

  it.each([
    ['removed (record REMOVED, Cognito user deleted)', { record: 'REMOVED', user: null }],
    ['demoted (no longer in Admins)', { record: 'ACTIVE', user: { groups: ['Beta_Customer_R1'] } }],
    ['disabled in the pool', { record: 'ACTIVE', user: { enabled: false } }],
  ] as const)('answers no admin for an admin who was %s', async (_case, person) => {
    const { deps } = counted({ 'g-2': person as never });
    await expect(createAdminStandingHandler(() => deps)({ sub: 'g-2', username: 'g-2' })).resolves.toEqual({ adminNow: false });
  });

  it('answers no admin for a username that names another person than the token’s sub', async () => {
    const { deps } = counted({ 'g-3': { record: 'ACTIVE' }, 'g-4': { record: 'ACTIVE' } });
    await expect(createAdminStandingHandler(() => deps)({ sub: 'g-3', username: 'g-4' })).resolves.toEqual({ adminNow: false });
  });

  it.each([[null], [{}], [{ sub: '', username: 'x' }], [{ sub: 'g-1' }], [{ sub: 'g-1', username: 'u'.repeat(129) }], ['g-1']])(
    'answers no admin, asking nobody, for a payload of another shape (%j)',
    async (payload) => {
      const { deps, asked } = counted({ 'g-1': { record: 'ACTIVE' } });
      await expect(createAdminStandingHandler(() => deps)(payload)).resolves.toEqual({ adminNow: false });
      expect(asked).toEqual({ users: 0, directory: 0 });
    },
  );
});
