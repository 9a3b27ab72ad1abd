import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { REST_STAGE_NAME } from '../definitions/rest-routes';

/** The window every rate-based rule counts requests in (AWS WAF allows 60, 120, 300 or 600). */
export const RATE_WINDOW_SECONDS = 300;

/**
 * Requests one client IP address may send in {@link RATE_WINDOW_SECONDS}, per rule; above it,
 * AWS WAF blocks that address's matching requests until its rate falls back under the limit.
 * The same in every stage (smoke tests and e2e runs stay far below them), so they are constants
 * here, like the REST stage's throttling, rather than stage config.
 */
export const WEB_ACL_RATE_LIMITS = {
  /**
   * The public contact mutation (`createContact`, the only operation the public API key reaches):
   * a person sends a message or two; 10 is the lowest limit AWS WAF accepts. A signed-in user's
   * `createContact` (user pool auth, no API key) falls under `graphqlPerIp`: they are identified.
   */
  contactPerIp: 10,
  /** Every GraphQL request (signed-in users' profile, admin screens): loose. */
  graphqlPerIp: 1000,
  /** Every REST request (subscriptions, assistant, ATS; the handlers add their own per-user limits): loose. */
  restPerIp: 1000,
  /** Sign-up, its confirmation and code re-sends: two or three requests per honest sign-up. */
  signUpPerIp: 20,
  /** Sign-in (one or two requests, depending on the auth flow) and password resets: an office address signs in many people. */
  signInPerIp: 50,
  /** Every user pool request (token refreshes, profile reads, sign-out included): loose. */
  userPoolPerIp: 300,
} as const;

/** The user pool operations, by `X-Amz-Target`, each tight rate rule counts. */
export const USER_POOL_OPERATIONS = {
  signUp: ['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode'],
  signIn: ['InitiateAuth', 'RespondToAuthChallenge', 'ForgotPassword', 'ConfirmForgotPassword'],
} as const;

/**
 * The REST paths (as AWS WAF sees them: the stage first) whose bodies may exceed the common rule
 * set's 8 KB: the assistant's routes take job descriptions, resumes and profiles of up to 20,000
 * characters each (ASSISTANT_LIMITS in lambdas/shared/contracts/assistant.ts).
 *
 * Why the stage is in it: WAF's `UriPath` is the path of the request as the client sent it
 * (https://docs.aws.amazon.com/waf/latest/APIReference/API_UriPath.html), and clients call a REST
 * API at `https://{api-id}.execute-api.{region}.amazonaws.com/{stage}/`
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/how-to-call-api.html), so
 * `/prod/assistant/jobs` reaches WAF as such. It would not hold behind a custom domain with a base
 * path mapping (the client's path would carry the base path instead): we have none.
 */
export const LARGE_BODY_PATH_PREFIX = `/${REST_STAGE_NAME}/assistant/`;

/** How the request path is read before it is compared with {@link LARGE_BODY_PATH_PREFIX}. */
const LARGE_BODY_PATH_TRANSFORMATIONS = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'NORMALIZE_PATH' },
];

/** The common rule set's body size rule (8 KB), counted instead of blocked where bodies are legitimately larger. */
const BODY_SIZE_RULE = 'SizeRestrictions_BODY';
const LARGE_BODY_BYTES = 8 * 1024;

export interface WebAclsProps {
  /** `<slug>-<stage>`: each web ACL's name and metric prefix. */
  readonly name: string;
  /** ARN of the REST API's stage (`prod`). */
  readonly restApiStageArn: string;
  /** ARN of the AppSync GraphQL API. */
  readonly graphqlApiArn: string;
  /** ARN of the Cognito user pool. */
  readonly userPoolArn: string;
}

type Rule = CfnWebACL.RuleProperty;
/** A rule before the web ACL numbers its priority. */
type UnorderedRule = Omit<Rule, 'priority'>;

/**
 * AWS WAF in front of the three public entry points: one regional web ACL each for the REST API's
 * stage, the AppSync API and the Cognito user pool, so each reads as the rules of one entry point,
 * its metrics and sampled requests say which one was hit, and an exception made for one (large
 * bodies) cannot loosen another. Each has AWS's IP reputation list, known bad inputs and common
 * rule set, and per-IP rate rules (WEB_ACL_RATE_LIMITS): tight on the contact mutation and on
 * sign-up and sign-in, loose for the rest. Metrics and sampled requests are on for the ACL and
 * every rule; requests are not logged (no personal data copied out of the request).
 */
export class WebAcls extends Construct {
  public readonly restApiAcl: CfnWebACL;
  public readonly graphqlApiAcl: CfnWebACL;
  public readonly userPoolAcl: CfnWebACL;
  /** Each web ACL's name (the `WebACL` dimension of its AWS/WAFV2 metrics), by the entry point it protects. */
  public readonly names: Readonly<Record<'rest' | 'graphql' | 'user-pool', string>>;

  constructor(scope: Construct, id: string, props: WebAclsProps) {
    super(scope, id);
    const metric = (suffix: string) => `${props.name}-${suffix}`;
    this.names = { rest: metric('rest'), graphql: metric('graphql'), 'user-pool': metric('user-pool') };

    this.restApiAcl = this.webAcl('RestApi', props.restApiStageArn, this.names.rest, [
      rateRule('PerIp', metric('rest-per-ip'), WEB_ACL_RATE_LIMITS.restPerIp),
      // The assistant's bodies exceed 8 KB by design: the common rule set only counts them (below),
      // and this rule blocks large bodies on every other route, none of which takes more than a few KB.
      {
        name: 'LargeBodyOutsideAssistant',
        action: { block: {} },
        statement: {
          andStatement: {
            statements: [
              {
                sizeConstraintStatement: {
                  fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
                  comparisonOperator: 'GT',
                  size: LARGE_BODY_BYTES,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
              {
                notStatement: {
                  statement: {
                    byteMatchStatement: {
                      fieldToMatch: { uriPath: {} },
                      positionalConstraint: 'STARTS_WITH',
                      searchString: LARGE_BODY_PATH_PREFIX,
                      // Decoded and normalized first, so `/prod/assistant/../admin/…` or
                      // `/prod/assistant/%2e%2e/…` cannot borrow the assistant's exemption.
                      textTransformations: LARGE_BODY_PATH_TRANSFORMATIONS,
                    },
                  },
                },
              },
            ],
          },
        },
        visibilityConfig: visibility(metric('rest-large-body')),
      },
    ]);

    this.graphqlApiAcl = this.webAcl('GraphqlApi', props.graphqlApiArn, this.names.graphql, [
      // The public API key reaches only createContact, so requests that carry it are the contact form's.
      rateRule('ContactPerIp', metric('graphql-contact-per-ip'), WEB_ACL_RATE_LIMITS.contactPerIp, {
        sizeConstraintStatement: {
          fieldToMatch: { singleHeader: { Name: 'x-api-key' } },
          comparisonOperator: 'GT',
          size: 0,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      }),
      rateRule('PerIp', metric('graphql-per-ip'), WEB_ACL_RATE_LIMITS.graphqlPerIp),
    ]);

    this.userPoolAcl = this.webAcl('UserPool', props.userPoolArn, this.names['user-pool'], [
      rateRule('SignUpPerIp', metric('user-pool-sign-up-per-ip'), WEB_ACL_RATE_LIMITS.signUpPerIp, targets(USER_POOL_OPERATIONS.signUp)),
      rateRule('SignInPerIp', metric('user-pool-sign-in-per-ip'), WEB_ACL_RATE_LIMITS.signInPerIp, targets(USER_POOL_OPERATIONS.signIn)),
      rateRule('PerIp', metric('user-pool-per-ip'), WEB_ACL_RATE_LIMITS.userPoolPerIp),
    ]);
  }

  /**
   * One web ACL on one resource: the IP reputation list first (cheapest), then the ACL's own rules
   * (rate limits), then known bad inputs and the common rule set. The common rule set's 8 KB body
   * rule counts instead of blocking on the REST API (the assistant; LargeBodyOutsideAssistant
   * blocks elsewhere) and on AppSync (a 5,000-character contact message in a non-Latin script is
   * up to 15 KB of UTF-8, and AppSync's resolvers bound every field); Cognito's bodies are small,
   * so it blocks there.
   */
  private webAcl(id: string, resourceArn: string, metricName: string, ownRules: readonly UnorderedRule[]): CfnWebACL {
    const countLargeBodies = id !== 'UserPool';
    const rules: Rule[] = [
      managedRule('AWSManagedRulesAmazonIpReputationList', metricName),
      ...ownRules,
      managedRule('AWSManagedRulesKnownBadInputsRuleSet', metricName),
      managedRule('AWSManagedRulesCommonRuleSet', metricName, countLargeBodies ? [BODY_SIZE_RULE] : []),
    ].map((rule, priority) => ({ ...rule, priority }));
    const acl = new CfnWebACL(this, `${id}Acl`, {
      name: metricName,
      description: `${id}: AWS managed rules and per-IP rate limits.`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(metricName),
      rules,
    });
    new CfnWebACLAssociation(this, `${id}Association`, { webAclArn: acl.attrArn, resourceArn });
    return acl;
  }
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName };
}

/** An AWS managed rule group, its own actions kept but for the rules named in `countOnly`. */
function managedRule(name: string, aclMetric: string, countOnly: readonly string[] = []): UnorderedRule {
  return {
    name,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(countOnly.length > 0 ? { ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
      },
    },
    visibilityConfig: visibility(`${aclMetric}-${name}`),
  };
}

/** Blocks a client IP that sends more than `limit` (matching) requests in the window. */
function rateRule(name: string, metricName: string, limit: number, scopeDown?: CfnWebACL.StatementProperty): UnorderedRule {
  return {
    name,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
      },
    },
    visibilityConfig: visibility(metricName),
  };
}

/** Requests to these user pool operations (`X-Amz-Target: AWSCognitoIdentityProviderService.<operation>`). */
function targets(operations: readonly string[]): CfnWebACL.StatementProperty {
  const matches: CfnWebACL.StatementProperty[] = operations.map((operation) => ({
    byteMatchStatement: {
      fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
      positionalConstraint: 'EXACTLY',
      searchString: `AWSCognitoIdentityProviderService.${operation}`,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  }));
  return matches.length === 1 ? matches[0] : { orStatement: { statements: matches } };
}
