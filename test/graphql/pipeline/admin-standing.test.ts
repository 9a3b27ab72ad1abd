import { ADMIN_NOW_STASH_KEY } from '../../../lambdas/shared/contracts/admin-standing';
import { ADMIN_GROUP } from '../../../lambdas/shared/domain/groups';
import { bundlePipelineCode } from '../../../local/appsync/resolver-bundles';
import { loadResolverModule, type ResolverModule } from '../../../local/appsync/resolver-module';
import { temporaryFolder } from '../../local/support/local-services';
import { userPoolIdentity } from '../resolvers/support/resolver-request';

/**
 * The admin standing function (graphql/pipeline/admin-standing.ts), bundled and run as the local
 * runner does: when it calls the Lambda, with what, and what it leaves for the field's code.
 */

let check: ResolverModule;

beforeAll(() => {
  const buildDir = temporaryFolder('admin-standing');
  try {
    const { adminStanding } = bundlePipelineCode(buildDir.path);
    check = loadResolverModule(adminStanding.name, adminStanding.localCode);
  } finally {
    buildDir.remove();
  }
});

function context(identity: Record<string, unknown> | null, extra: Record<string, unknown> = {}) {
  return { arguments: {}, args: {}, identity, source: null, stash: {} as Record<string, unknown>, prev: { result: {} }, ...extra };
}

describe('the admin standing function', () => {
  it('asks the Lambda about a caller whose token says Admins, by sub and username', () => {
    const identity = { ...userPoolIdentity('admin-sub', ['Beta_Customer_R1', ADMIN_GROUP]), username: 'admin@example.com' };
    const ctx = context(identity);

    expect(check.call('request', ctx, 'AMAZON_COGNITO_USER_POOLS').outcome).toEqual({
      kind: 'value',
      value: { operation: 'Invoke', payload: { sub: 'admin-sub', username: 'admin@example.com' } },
    });
    expect(ctx.stash[ADMIN_NOW_STASH_KEY]).toBe(false);
  });

  it.each([
    ['the API key', null],
    ['a token outside Admins', userPoolIdentity('member-sub', ['Beta_Customer_R1'])],
    ['a token without groups', userPoolIdentity('member-sub', null)],
    ['an identity without a sub', { ...userPoolIdentity('x', [ADMIN_GROUP]), sub: '' }],
  ])('returns early, without calling the Lambda, for %s: no admin', (_caller, identity) => {
    const ctx = context(identity);

    expect(check.call('request', ctx, identity ? 'AMAZON_COGNITO_USER_POOLS' : 'API_KEY').outcome).toEqual({
      kind: 'signal',
      signal: { __appsyncLocalSignal: 'earlyReturn', value: false },
    });
    expect(ctx.stash[ADMIN_NOW_STASH_KEY]).toBe(false);
  });

  it.each([
    [{ adminNow: true }, true],
    [{ adminNow: false }, false],
    [{ adminNow: 'yes' }, false],
    [null, false],
  ])('leaves the Lambda’s answer %j in the stash as %s', (result, adminNow) => {
    const ctx = context(userPoolIdentity('admin-sub', [ADMIN_GROUP]), { result });

    expect(check.call('response', ctx, 'AMAZON_COGNITO_USER_POOLS').outcome).toEqual({ kind: 'value', value: adminNow });
    expect(ctx.stash[ADMIN_NOW_STASH_KEY]).toBe(adminNow);
  });

  it('fails the field when the check itself failed, never answering admin', () => {
    const ctx = context(userPoolIdentity('admin-sub', [ADMIN_GROUP]), {
      result: null,
      error: { message: 'Task timed out', type: 'Lambda:Unhandled' },
    });

    expect(check.call('response', ctx, 'AMAZON_COGNITO_USER_POOLS').outcome).toMatchObject({
      kind: 'signal',
      signal: { __appsyncLocalSignal: 'error', errorType: 'AdminCheckFailed', message: 'The administrator check failed. Try again.' },
    });
    expect(ctx.stash[ADMIN_NOW_STASH_KEY]).not.toBe(true);
  });
});
