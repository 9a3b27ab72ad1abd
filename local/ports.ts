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
} as const;

export type PortName = keyof typeof DEFAULT_PORTS;
