import { requireAdmin } from '../../../lambdas/admin/admin-caller';
import { parseGroupsClaim } from '../../../lambdas/shared/http/caller';
import { ForbiddenError, UnauthorizedError } from '../../../lambdas/shared/errors';
import { adminEvent, claims } from './support/admin-events';

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

  it('lets a member of Admins through, as themselves', () => {
    expect(requireAdmin(adminEvent('/admin/user', {}, claims('a-1', '[Beta_Customer_R2 Admins]')))).toEqual({ sub: 'a-1' });
  });

  it('forbids a signed-in user outside Admins, even in a group whose name contains it', () => {
    expect(() => requireAdmin(adminEvent('/admin/user', {}, claims('m-1', 'Beta_Customer_R1')))).toThrow(ForbiddenError);
    expect(() => requireAdmin(adminEvent('/admin/user', {}, claims('m-2', 'NotAdmins,Admins2')))).toThrow(ForbiddenError);
    expect(() => requireAdmin(adminEvent('/admin/user', {}, claims('m-3', undefined)))).toThrow(ForbiddenError);
  });

  it('refuses a call without verified claims (no authorizer in front) as unauthenticated', () => {
    expect(() => requireAdmin(adminEvent('/admin/user', {}, null))).toThrow(UnauthorizedError);
  });
});
