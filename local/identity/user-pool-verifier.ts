import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { assertIsJwks, type Jwks } from 'aws-jwt-verify/jwk';

/**
 * The Cognito user pool token verifier, built exactly as production builds it: aws-jwt-verify's
 * `CognitoJwtVerifier` for one pool id and one app client, id and access tokens both accepted
 * (`tokenUse: null`; callers decide which one they take). It checks the RS256 signature, the
 * issuer (`https://cognito-idp.<region>.amazonaws.com/<pool id>`, derived from the pool id),
 * `exp`, `token_use`, and the client (`aud` of id tokens, `client_id` of access tokens).
 *
 * No AWS or local types here: this module could move to `lambdas/shared` unchanged. The only
 * local difference is where the JWKS comes from: in AWS the verifier fetches the pool's JWKS
 * from the issuer over https; locally it is handed cognito-local's JWKS with `cacheJwks`, so it
 * never fetches. Production code must never be given the local JWKS: cognito-local's signing
 * key is public.
 */

export interface UserPoolVerifierOptions {
  /** AWS-style pool id, `<region>_<id>` (aws-jwt-verify derives region and issuer from it). */
  readonly userPoolId: string;
  /** The app client whose tokens are accepted. */
  readonly clientId: string | readonly string[];
  /** The issuer the caller expects; must be the one aws-jwt-verify derives from the pool id. */
  readonly issuer?: string;
  /** A JWKS to trust instead of fetching `<issuer>/.well-known/jwks.json` (the local runtime). */
  readonly jwks?: unknown;
}

/** `https://cognito-idp.<region>.amazonaws.com/<pool id>`: Cognito's issuer for a pool id. */
export function cognitoIssuer(userPoolId: string): string {
  const match = /^([a-z]{2}(?:-gov)?-[a-z]+-\d)_[a-zA-Z0-9]+$/.exec(userPoolId);
  if (!match) throw new Error(`Not a Cognito user pool id: ${userPoolId}`);
  return `https://cognito-idp.${match[1]}.amazonaws.com/${userPoolId}`;
}

export function createUserPoolVerifier(options: UserPoolVerifierOptions) {
  const derived = cognitoIssuer(options.userPoolId);
  if (options.issuer !== undefined && options.issuer !== derived) {
    throw new Error(`The issuer ${options.issuer} is not the issuer of ${options.userPoolId} (${derived}).`);
  }
  const verifier = CognitoJwtVerifier.create({
    userPoolId: options.userPoolId,
    clientId: typeof options.clientId === 'string' ? options.clientId : [...options.clientId],
    tokenUse: null,
  });
  if (options.jwks !== undefined) {
    assertIsJwks(options.jwks as Parameters<typeof assertIsJwks>[0]);
    verifier.cacheJwks(options.jwks as Jwks);
  }
  return verifier;
}

export type UserPoolVerifier = ReturnType<typeof createUserPoolVerifier>;
