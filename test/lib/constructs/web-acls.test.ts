import { LARGE_BODY_PATH_PREFIX, RATE_WINDOW_SECONDS, USER_POOL_OPERATIONS, WEB_ACL_RATE_LIMITS } from '../../../lib/constructs/web-acls';
import { REST_ROUTES, REST_STAGE_NAME } from '../../../lib/definitions/rest-routes';
import { ASSISTANT_LIMITS } from '../../../lambdas/shared/contracts/assistant';
import { ASSUMPTIONS } from '../../bench/cost-model';
import { resourcesOfType } from '../support/build-app';
import { synthesizedApp, SYNTHESIS_TIMEOUT_MS, type SynthesizedApp } from '../support/synthesized-app';
import { concernSnapshot } from '../support/template-snapshots';

/** AWS WAF in front of the REST API, the GraphQL API and the user pool (issue 16). */

type Statement = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Rule {
  Name: string;
  Priority: number;
  Action?: Record<string, unknown>;
  OverrideAction?: Record<string, unknown>;
  Statement: Statement;
  VisibilityConfig: { CloudWatchMetricsEnabled: boolean; SampledRequestsEnabled: boolean; MetricName: string };
}
interface Acl {
  Name: string;
  Scope: string;
  DefaultAction: Record<string, unknown>;
  VisibilityConfig: Rule['VisibilityConfig'];
  Rules: Rule[];
}

const MANAGED_GROUPS = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet'];

let dev: SynthesizedApp;
let prod: SynthesizedApp;
beforeAll(async () => {
  dev = await synthesizedApp('dev');
  prod = await synthesizedApp('prod');
}, SYNTHESIS_TIMEOUT_MS);

function acls(app: SynthesizedApp): Map<string, [string, Acl]> {
  return new Map(
    resourcesOfType(app.template, 'AWS::WAFv2::WebACL').map(([logicalId, resource]) => {
      const acl = resource.Properties as unknown as Acl;
      return [acl.Name.replace(`talentpilot-${app.config.stage}-`, ''), [logicalId, acl]];
    }),
  );
}
function acl(app: SynthesizedApp, name: 'rest' | 'graphql' | 'user-pool'): Acl {
  const found = acls(app).get(name)?.[1];
  if (!found) throw new Error(`no web ACL ${name}`);
  return found;
}
function rule(app: SynthesizedApp, aclName: 'rest' | 'graphql' | 'user-pool', ruleName: string): Rule {
  const found = acl(app, aclName).Rules.find((candidate) => candidate.Name === ruleName);
  if (!found) throw new Error(`no rule ${ruleName} in ${aclName}`);
  return found;
}
const rate = (app: SynthesizedApp, aclName: 'rest' | 'graphql' | 'user-pool', ruleName: string) =>
  rule(app, aclName, ruleName).Statement.RateBasedStatement as Statement;

describe('WebAcls: one regional web ACL per public entry point', () => {
  it('protects the REST stage, the GraphQL API and the user pool, each with its own web ACL that allows by default', () => {
    expect([...acls(prod).keys()].sort()).toEqual(['graphql', 'rest', 'user-pool']);
    const associations = resourcesOfType(prod.template, 'AWS::WAFv2::WebACLAssociation').map(([, a]) => a.Properties);
    expect(associations).toHaveLength(3);
    const aclOf = (name: 'rest' | 'graphql' | 'user-pool') => ({ 'Fn::GetAtt': [acls(prod).get(name)?.[0], 'Arn'] });
    const resourceOf = (name: 'rest' | 'graphql' | 'user-pool') =>
      JSON.stringify(associations.find((a) => JSON.stringify(a.WebACLArn) === JSON.stringify(aclOf(name)))?.ResourceArn);
    const only = (type: string) => {
      const found = resourcesOfType(prod.template, type);
      expect(found).toHaveLength(1);
      return found[0][0];
    };
    expect(resourceOf('rest')).toContain(
      `/restapis/",{"Ref":"${only('AWS::ApiGateway::RestApi')}"},"/stages/",{"Ref":"${only('AWS::ApiGateway::Stage')}"}`,
    );
    expect(resourceOf('graphql')).toBe(JSON.stringify({ 'Fn::GetAtt': [only('AWS::AppSync::GraphQLApi'), 'Arn'] }));
    expect(resourceOf('user-pool')).toBe(JSON.stringify({ 'Fn::GetAtt': [only('AWS::Cognito::UserPool'), 'Arn'] }));
    for (const [, { Scope, DefaultAction }] of acls(prod).values())
      expect({ Scope, DefaultAction }).toEqual({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
  });

  it("uses AWS's IP reputation list first, its own rate rules next, then known bad inputs and the common rule set", () => {
    for (const [name, [, { Rules }]] of acls(prod)) {
      const sorted = [...Rules].sort((a, b) => a.Priority - b.Priority);
      expect({ name, priorities: sorted.map((r) => r.Priority) }).toEqual({ name, priorities: Rules.map((_r, index) => index) });
      const managed = sorted.filter((r) => r.Statement.ManagedRuleGroupStatement);
      expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual(MANAGED_GROUPS);
      expect(sorted[0].Name).toBe('AWSManagedRulesAmazonIpReputationList');
      expect(sorted.slice(-2).map((r) => r.Name)).toEqual(MANAGED_GROUPS.slice(1));
      for (const group of managed) expect(group.OverrideAction).toEqual({ None: {} });
    }
  });

  it('has as many web ACLs and rules as the cost model charges for (docs/cost.md)', () => {
    expect(acls(prod).size).toBe(ASSUMPTIONS.webAcls);
    expect([...acls(prod).values()].reduce((rules, [, { Rules }]) => rules + Rules.length, 0)).toBe(ASSUMPTIONS.wafRules);
  });

  it('turns on CloudWatch metrics and sampled requests for every web ACL and every rule, under distinct names', () => {
    const names: string[] = [];
    for (const [, { VisibilityConfig, Rules }] of acls(prod).values()) {
      for (const visibility of [VisibilityConfig, ...Rules.map((r) => r.VisibilityConfig)]) {
        expect(visibility).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
        names.push(visibility.MetricName);
      }
    }
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((name) => name.startsWith('talentpilot-prod-'))).toBe(true);
  });
});

describe('WebAcls: per-IP rate limits that suit each entry point', () => {
  it(`counts every rate rule per client IP over ${RATE_WINDOW_SECONDS / 60} minutes, and blocks above the limit`, () => {
    for (const [, { Rules }] of acls(prod).values()) {
      for (const r of Rules.filter((candidate) => candidate.Statement.RateBasedStatement)) {
        expect(r.Action).toEqual({ Block: {} });
        expect(r.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: RATE_WINDOW_SECONDS });
      }
    }
  });

  it('allows the public contact mutation 10 requests per IP: the requests that carry the public API key', () => {
    expect(WEB_ACL_RATE_LIMITS.contactPerIp).toBe(10);
    expect(rate(prod, 'graphql', 'ContactPerIp')).toMatchObject({
      Limit: 10,
      ScopeDownStatement: {
        SizeConstraintStatement: { FieldToMatch: { SingleHeader: { Name: 'x-api-key' } }, ComparisonOperator: 'GT', Size: 0 },
      },
    });
    expect(rate(prod, 'graphql', 'PerIp')).toMatchObject({ Limit: WEB_ACL_RATE_LIMITS.graphqlPerIp });
    expect(rate(prod, 'graphql', 'PerIp').ScopeDownStatement).toBeUndefined();
  });

  it('limits sign-up and sign-in against the user pool tightly, by the Cognito operation, and everything else loosely', () => {
    const operations = (statement: Statement) =>
      (statement.OrStatement.Statements as Statement[]).map((s) => {
        expect(s.ByteMatchStatement).toMatchObject({
          FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
          PositionalConstraint: 'EXACTLY',
        });
        return String(s.ByteMatchStatement.SearchString).replace('AWSCognitoIdentityProviderService.', '');
      });
    const signUp = rate(prod, 'user-pool', 'SignUpPerIp');
    const signIn = rate(prod, 'user-pool', 'SignInPerIp');
    expect(signUp.Limit).toBe(WEB_ACL_RATE_LIMITS.signUpPerIp);
    expect(signIn.Limit).toBe(WEB_ACL_RATE_LIMITS.signInPerIp);
    expect(operations(signUp.ScopeDownStatement)).toEqual(['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode']);
    expect(operations(signIn.ScopeDownStatement)).toEqual([
      'InitiateAuth',
      'RespondToAuthChallenge',
      'ForgotPassword',
      'ConfirmForgotPassword',
    ]);
    expect([...operations(signUp.ScopeDownStatement), ...operations(signIn.ScopeDownStatement)]).toEqual([
      ...USER_POOL_OPERATIONS.signUp,
      ...USER_POOL_OPERATIONS.signIn,
    ]);
    expect(rate(prod, 'user-pool', 'PerIp')).toMatchObject({ Limit: WEB_ACL_RATE_LIMITS.userPoolPerIp });
  });

  it('keeps the tight limits well under the loose ones, and the loose ones above what one person does', () => {
    const { contactPerIp, signUpPerIp, signInPerIp, userPoolPerIp, graphqlPerIp, restPerIp } = WEB_ACL_RATE_LIMITS;
    expect(contactPerIp).toBeLessThan(graphqlPerIp / 10);
    expect(Math.max(signUpPerIp, signInPerIp)).toBeLessThan(userPoolPerIp / 5);
    expect(Math.min(graphqlPerIp, restPerIp, userPoolPerIp)).toBeGreaterThanOrEqual(300);
    expect(rate(prod, 'rest', 'PerIp')).toMatchObject({ Limit: restPerIp });
  });

  it('uses the same rules in dev as in prod', () => {
    for (const name of ['rest', 'graphql', 'user-pool'] as const) {
      expect(JSON.stringify(acl(dev, name).Rules).replace(/talentpilot-dev-/g, 'talentpilot-prod-')).toBe(
        JSON.stringify(acl(prod, name).Rules),
      );
    }
  });
});

describe("WebAcls: the common rule set's 8 KB body rule", () => {
  const bodySizeOverride = (name: 'rest' | 'graphql' | 'user-pool') =>
    rule(prod, name, 'AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides;

  it('only counts large bodies on the REST API, whose assistant routes take documents of up to 20,000 characters', () => {
    expect(ASSISTANT_LIMITS.documentMaxChars).toBeGreaterThan(8 * 1024);
    expect(bodySizeOverride('rest')).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  });

  it('still blocks bodies over 8 KB on every REST route outside the assistant', () => {
    const large = rule(prod, 'rest', 'LargeBodyOutsideAssistant');
    expect(large.Action).toEqual({ Block: {} });
    const [size, notAssistant] = large.Statement.AndStatement.Statements as Statement[];
    expect(size.SizeConstraintStatement).toMatchObject({
      FieldToMatch: { Body: { OversizeHandling: 'MATCH' } },
      ComparisonOperator: 'GT',
      Size: 8192,
    });
    expect(notAssistant.NotStatement.Statement.ByteMatchStatement).toMatchObject({
      FieldToMatch: { UriPath: {} },
      PositionalConstraint: 'STARTS_WITH',
      SearchString: `/${REST_STAGE_NAME}/assistant/`,
      // The path is URL-decoded and normalized first: `/prod/assistant/../admin/…` is no assistant path.
      TextTransformations: [
        { Priority: 0, Type: 'URL_DECODE' },
        { Priority: 1, Type: 'NORMALIZE_PATH' },
      ],
    });
    // The exception covers exactly the assistant's routes.
    const exempt = REST_ROUTES.filter((route) => `/${REST_STAGE_NAME}${route.path}`.startsWith(LARGE_BODY_PATH_PREFIX));
    expect(exempt.map((route) => route.entry).every((entry) => entry.startsWith('lambdas/assistant/'))).toBe(true);
    expect(exempt).toHaveLength(REST_ROUTES.filter((route) => route.entry.startsWith('lambdas/assistant/')).length);
  });

  it('only counts large bodies on AppSync (a 5,000-character contact message can be 15 KB of UTF-8) and blocks them on the user pool', () => {
    expect(bodySizeOverride('graphql')).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    expect(bodySizeOverride('user-pool')).toBeUndefined();
  });
});

describe('WebAcls: snapshot', () => {
  it('matches the reviewed snapshot of the web ACLs (dev, compact view)', () => {
    expect(concernSnapshot(dev, 'web ACLs')).toMatchSnapshot();
  });
});
