import { ADMIN_NOW_STASH_KEY } from '../../../../lambdas/shared/contracts/admin-standing';
import { ADMIN_GROUP } from '../../../../lambdas/shared/domain/groups';
import { RESOLVERS } from '../../../../lib/definitions/resolvers';
import { bundleResolvers } from '../../../../local/appsync/resolver-bundles';
import { loadResolverModule, type HandlerOutcome, type ResolverModule } from '../../../../local/appsync/resolver-module';
import { temporaryFolder } from '../../../local/support/local-services';

/**
 * The request object a resolver's request handler hands to its data source, for assertions on
 * the DynamoDB operation itself (Query vs Scan, index, key condition). The resolver is bundled
 * and run exactly as the local runner does it.
 */

const modules = new Map<string, ResolverModule>();

function moduleOf(name: string): ResolverModule {
  let loaded = modules.get(name);
  if (!loaded) {
    const definition = RESOLVERS.find((resolver) => `${resolver.typeName}.${resolver.fieldName}` === name);
    if (!definition) throw new Error(`No resolver ${name}`);
    const buildDir = temporaryFolder('resolver-request');
    try {
      const [bundle] = bundleResolvers([definition], buildDir.path);
      loaded = loadResolverModule(bundle.name, bundle.localCode);
    } finally {
      buildDir.remove();
    }
    modules.set(name, loaded);
  }
  return loaded;
}

/** `ctx.identity` as AppSync builds it for a Cognito user pool token. */
export function userPoolIdentity(sub: string, groups: string[] | null) {
  return {
    sub,
    issuer: 'https://cognito-idp.us-east-2.amazonaws.com/us-east-2_LocalPool1',
    username: sub,
    claims: { sub, token_use: 'access', ...(groups ? { 'cognito:groups': groups } : {}) },
    sourceIp: ['127.0.0.1'],
    defaultAuthStrategy: 'ALLOW',
    groups,
  };
}

/**
 * Runs the request handler of `name` ("Query.listUsers") with `args` and `identity`, after the
 * admin standing function's answer `adminNow` (by default: yes for a token in Admins, as for an
 * admin who still is one).
 */
export function requestHandlerOutcome(
  name: string,
  args: Record<string, unknown>,
  identity: Record<string, unknown> | null,
  adminNow: boolean = Array.isArray(identity?.groups) && identity.groups.includes(ADMIN_GROUP),
): HandlerOutcome {
  const ctx = {
    arguments: args,
    args,
    identity,
    source: null,
    stash: { [ADMIN_NOW_STASH_KEY]: adminNow },
    prev: { result: {} },
    request: { headers: {}, domainName: null },
    info: {
      fieldName: name.split('.')[1],
      parentTypeName: name.split('.')[0],
      variables: {},
      selectionSetList: [],
      selectionSetGraphQL: '',
    },
  };
  return moduleOf(name).call('request', ctx, identity ? 'AMAZON_COGNITO_USER_POOLS' : 'API_KEY').outcome;
}
