import {
  buildSchema,
  GraphQLError,
  GraphQLScalarType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type ConstDirectiveNode,
  type GraphQLSchema,
  type ValueNode,
} from 'graphql';
import { isIP } from 'node:net';

/**
 * The AppSync schema for graphql-js: AppSync's built-in scalars and authorization directives are
 * declared before the project's `schema.graphql` (AppSync knows them implicitly), the scalars
 * validate like AppSync's, and the auth directives are read into per-type and per-field rules.
 */

export const APPSYNC_DEFINITIONS = /* GraphQL */ `
  scalar AWSDate
  scalar AWSTime
  scalar AWSDateTime
  scalar AWSTimestamp
  scalar AWSEmail
  scalar AWSJSON
  scalar AWSURL
  scalar AWSPhone
  scalar AWSIPAddress
  directive @aws_api_key on FIELD_DEFINITION | OBJECT
  directive @aws_iam on FIELD_DEFINITION | OBJECT
  directive @aws_oidc on FIELD_DEFINITION | OBJECT
  directive @aws_lambda on FIELD_DEFINITION | OBJECT
  directive @aws_cognito_user_pools(cognito_groups: [String]) on FIELD_DEFINITION | OBJECT
  directive @aws_auth(cognito_groups: [String]) on FIELD_DEFINITION
  directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION
`;

const TIME_ZONE = '(?:Z|[+-]\\d{2}:\\d{2}(?::\\d{2})?)';
const TIME = '\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?';
const DATE = '\\d{4}-\\d{2}-\\d{2}';

/** A validating string scalar: the same rule for literals, variables and resolver results. */
function stringScalar(
  name: string,
  isValid: (value: string) => boolean,
): Pick<GraphQLScalarType, 'serialize' | 'parseValue' | 'parseLiteral'> {
  const check = (value: unknown): string => {
    if (typeof value !== 'string' || !isValid(value)) {
      throw new GraphQLError(`Invalid ${name} value: ${JSON.stringify(value)}`);
    }
    return value;
  };
  return {
    serialize: check,
    parseValue: check,
    parseLiteral: (node: ValueNode) => check(node.kind === Kind.STRING ? node.value : undefined),
  };
}

function regexScalar(name: string, pattern: string) {
  const regExp = new RegExp(`^${pattern}$`);
  return stringScalar(name, (value) => regExp.test(value));
}

function isUrl(value: string): boolean {
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

function isIpAddress(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  return prefix === undefined || /^\d{1,3}$/.test(prefix);
}

function parseTimestamp(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new GraphQLError(`Invalid AWSTimestamp value: ${JSON.stringify(value)}`);
  }
  return value;
}

/** AWSJSON arrives as a JSON string and reaches resolvers parsed, like in AppSync. */
function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') throw new GraphQLError(`Invalid AWSJSON value: ${JSON.stringify(value)}`);
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new GraphQLError(`Invalid AWSJSON value: ${JSON.stringify(value)} is not JSON`);
  }
}

const SCALARS: Record<string, Pick<GraphQLScalarType, 'serialize' | 'parseValue' | 'parseLiteral'>> = {
  AWSDate: regexScalar('AWSDate', `${DATE}${TIME_ZONE}?`),
  AWSTime: regexScalar('AWSTime', `${TIME}${TIME_ZONE}?`),
  AWSDateTime: regexScalar('AWSDateTime', `${DATE}T${TIME}${TIME_ZONE}`),
  AWSEmail: regexScalar('AWSEmail', '[^\\s@]+@[^\\s@]+'),
  AWSPhone: regexScalar('AWSPhone', '\\+?[0-9 ().-]{3,}'),
  AWSURL: stringScalar('AWSURL', isUrl),
  AWSIPAddress: stringScalar('AWSIPAddress', isIpAddress),
  AWSTimestamp: {
    serialize: parseTimestamp,
    parseValue: parseTimestamp,
    parseLiteral: (node: ValueNode) => parseTimestamp(node.kind === Kind.INT ? Number(node.value) : undefined),
  },
  AWSJSON: {
    serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
    parseValue: parseJson,
    parseLiteral: (node: ValueNode) => parseJson(node.kind === Kind.STRING ? node.value : undefined),
  },
};

/** Who may read a type or a field, from AppSync's auth directives. */
export interface AuthRule {
  readonly apiKey: boolean;
  /** Present when Cognito user pool callers are allowed; `groups` limits them to those groups. */
  readonly userPools?: { readonly groups?: readonly string[] };
  /** Modes that exist in AppSync but not in this product's local runtime (IAM, OIDC, Lambda). */
  readonly otherModes: readonly string[];
}

/** The API's default authorization mode (issue 2: the API key), used where no directive says. */
export const DEFAULT_AUTH_RULE: AuthRule = { apiKey: true, otherModes: [] };

function authRuleOf(directives: readonly ConstDirectiveNode[]): AuthRule | undefined {
  const names = directives.map((directive) => directive.name.value).filter((name) => name.startsWith('aws_') && name !== 'aws_subscribe');
  if (names.length === 0) return undefined;
  const userPools = directives.find((directive) => directive.name.value === 'aws_cognito_user_pools');
  const groupsArgument = userPools?.arguments?.find((argument) => argument.name.value === 'cognito_groups');
  const groups = groupsArgument ? (valueFromASTUntyped(groupsArgument.value) as string[] | null) : undefined;
  return {
    apiKey: names.includes('aws_api_key'),
    userPools: userPools ? { groups: groups ?? undefined } : undefined,
    otherModes: names.filter((name) => ['aws_iam', 'aws_oidc', 'aws_lambda'].includes(name)),
  };
}

export interface AppSyncSchema {
  readonly schema: GraphQLSchema;
  /** The rule for `Type.field`: the field's directives, else its type's, else the default mode. */
  authRule(typeName: string, fieldName: string): AuthRule;
}

/** Builds the executable schema from the project's SDL. */
export function buildAppSyncSchema(sdl: string): AppSyncSchema {
  const schema = buildSchema(`${APPSYNC_DEFINITIONS}\n${sdl}`);
  for (const [name, behaviour] of Object.entries(SCALARS)) {
    const scalar = schema.getType(name);
    if (scalar instanceof GraphQLScalarType) Object.assign(scalar, behaviour);
  }

  const rules = new Map<string, AuthRule>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const typeDirectives = [type.astNode, ...type.extensionASTNodes].flatMap((node) => node?.directives ?? []);
    const typeRule = authRuleOf(typeDirectives) ?? DEFAULT_AUTH_RULE;
    for (const field of Object.values(type.getFields())) {
      rules.set(`${type.name}.${field.name}`, authRuleOf(field.astNode?.directives ?? []) ?? typeRule);
    }
  }
  return {
    schema,
    authRule: (typeName, fieldName) => rules.get(`${typeName}.${fieldName}`) ?? DEFAULT_AUTH_RULE,
  };
}
