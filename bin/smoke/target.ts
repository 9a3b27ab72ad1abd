import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_PRODUCT_SLUG, REGION } from '../../lib/config';
import type { SignInFlow } from './smoke-user';

/**
 * What the smoke test walks: one stage's public URLs, API key, user pool and tables, read from a
 * deployed stack's outputs (`--stage`) or from the local runtime's endpoints.json (`--local`).
 */
export interface SmokeTarget {
  /** `dev`, `stage`, `prod` or `local`. */
  readonly name: string;
  readonly productSlug: string;
  readonly region: string;
  /** The web app's origin with a trailing slash, e.g. `https://d123.cloudfront.net/`. */
  readonly webUrl: string;
  /** The REST API's invoke URL with its stage and a trailing slash. */
  readonly restUrl: string;
  readonly graphqlUrl: string;
  readonly graphqlApiKey: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** How the smoke user signs in: SRP in AWS (all the deployed client allows), the password with cognito-local (no SRP). */
  readonly signInFlow: SignInFlow;
  readonly usersTable: string;
  readonly contactsTable: string;
  /** Local only: cognito-local and dynalite, with credentials they accept. */
  readonly cognitoEndpoint?: string;
  readonly dynamodbEndpoint?: string;
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/** A target that cannot be resolved (missing outputs, runtime not started): exit 1 with this message. */
export class TargetError extends Error {}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

function required(source: Record<string, unknown>, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value === '') throw new TargetError(`${where} has no ${key}.`);
  return value;
}

/** The local runtime's target, from `<dataDir>/endpoints.json` (written by `npm start`). */
export function localTarget(dataDir: string): SmokeTarget {
  const file = path.join(dataDir, 'endpoints.json');
  if (!fs.existsSync(file))
    throw new TargetError(`The local runtime is not running (${file} is missing). Start it with \`npm start\`, or pass --data-dir.`);
  const endpoints = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const tables = (endpoints.tables ?? {}) as Record<string, unknown>;
  if (typeof endpoints.cognitoEndpoint !== 'string')
    throw new TargetError(`${file} has no cognitoEndpoint: the local runtime runs without its identity service, so nobody can sign in.`);
  return {
    name: 'local',
    productSlug: DEFAULT_PRODUCT_SLUG,
    region: typeof endpoints.region === 'string' ? endpoints.region : REGION,
    webUrl: withSlash(required(endpoints, 'webUrl', file)),
    restUrl: withSlash(required(endpoints, 'restUrl', file)),
    graphqlUrl: required(endpoints, 'graphqlUrl', file),
    graphqlApiKey: required(endpoints, 'graphqlApiKey', file),
    userPoolId: required(endpoints, 'userPoolId', file),
    userPoolClientId: required(endpoints, 'userPoolClientId', file),
    signInFlow: 'password',
    usersTable: required(tables, 'users', `${file} (tables)`),
    contactsTable: required(tables, 'contacts', `${file} (tables)`),
    cognitoEndpoint: endpoints.cognitoEndpoint,
    dynamodbEndpoint: required(endpoints, 'dynamodbEndpoint', file),
    // What the local services accept (they check no signature); never real credentials.
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
}

/** A deployed stage's target, from the outputs of its stack (`<slug>-<stage>`). */
export function stageTarget(stage: string, outputs: Record<string, string>): SmokeTarget {
  const where = `The stack ${DEFAULT_PRODUCT_SLUG}-${stage}`;
  return {
    name: stage,
    productSlug: DEFAULT_PRODUCT_SLUG,
    region: REGION,
    webUrl: withSlash(required(outputs, 'WebsiteUrl', where)),
    restUrl: withSlash(required(outputs, 'RestApiUrl', where)),
    graphqlUrl: required(outputs, 'GraphqlUrl', where),
    graphqlApiKey: required(outputs, 'GraphqlApiKey', where),
    userPoolId: required(outputs, 'UserPoolId', where),
    userPoolClientId: required(outputs, 'UserPoolClientId', where),
    signInFlow: 'srp',
    usersTable: required(outputs, 'UsersTableName', where),
    contactsTable: required(outputs, 'ContactsTableName', where),
  };
}
