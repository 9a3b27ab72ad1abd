import { ATS_NAMES } from '../lambdas/ats/ats-port';
import { KEY_CONNECTED_ATS_NAMES } from '../lambdas/ats/ats-settings';

/** Default ports of the local runtime on 127.0.0.1; each can be overridden (see local/README). */
export const DEFAULT_PORTS = {
  web: 5180,
  rest: 5181,
  graphql: 5182,
  dynamodb: 5183,
  /** cognito-local (the user pool). */
  cognito: 5184,
  /** The Lambda endpoint cognito-local invokes Cognito triggers through (and the outbox's POST). */
  lambda: 5185,
  /** The fake Greenhouse Harvest API (local/ats). */
  greenhouse: 5186,
  /** The fake Lever API. */
  lever: 5187,
  /** The fake Workable SPI. */
  workable: 5188,
  /** The fake Crelate API. */
  crelate: 5189,
  /** The fake Bullhorn's REST service (its sign-in service takes a free port; `loginInfo` names it). */
  bullhorn: 5190,
} as const;

export type PortName = keyof typeof DEFAULT_PORTS;

/** What listens on each port and the environment variable that moves it: the busy-port messages say both. */
export const PORT_LABELS: Readonly<Record<PortName, { readonly service: string; readonly envVar: string }>> = {
  web: { service: 'web app', envVar: 'LOCAL_WEB_PORT' },
  rest: { service: 'REST API', envVar: 'LOCAL_REST_PORT' },
  graphql: { service: 'GraphQL API', envVar: 'LOCAL_GRAPHQL_PORT' },
  dynamodb: { service: 'DynamoDB (dynalite)', envVar: 'LOCAL_DYNAMODB_PORT' },
  cognito: { service: 'Cognito (cognito-local)', envVar: 'LOCAL_COGNITO_PORT' },
  lambda: { service: 'Lambda endpoint (Cognito triggers)', envVar: 'LOCAL_LAMBDA_PORT' },
  greenhouse: { service: 'fake Greenhouse', envVar: 'LOCAL_GREENHOUSE_PORT' },
  lever: { service: 'fake Lever', envVar: 'LOCAL_LEVER_PORT' },
  workable: { service: 'fake Workable', envVar: 'LOCAL_WORKABLE_PORT' },
  crelate: { service: 'fake Crelate', envVar: 'LOCAL_CRELATE_PORT' },
  bullhorn: { service: 'fake Bullhorn', envVar: 'LOCAL_BULLHORN_PORT' },
};

/** Environment variable that overrides each port. */
export const PORT_ENV = Object.fromEntries(
  (Object.keys(PORT_LABELS) as PortName[]).map((name) => [name, PORT_LABELS[name].envVar]),
) as Readonly<Record<PortName, string>>;

/** The ports of the key-based ATS stand-ins, one per ATS connected with a saved key (Bullhorn signs in instead). */
export const ATS_PORT_NAMES = KEY_CONNECTED_ATS_NAMES satisfies readonly PortName[];
export type AtsPortName = (typeof ATS_PORT_NAMES)[number];

/** Every ATS the product knows has a stand-in (Bullhorn's is reached through its sign-in). */
export const ATS_STAND_IN_PORT_NAMES = ATS_NAMES satisfies readonly PortName[];
