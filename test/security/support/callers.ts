import fc from 'fast-check';
import { classedByValue } from './hostile-values';
import type { SecurityRuntime } from './security-runtime';

/**
 * Who calls, as fuzz input: mostly a signed-in member (so the handlers' own checks are reached),
 * sometimes the admin, nobody, a forged token or the wrong kind of token.
 */

export type RestCaller = 'member' | 'subscriber' | 'admin' | 'anonymous' | 'forged' | 'accessToken' | 'bearer';
export type GraphqlCaller = 'apiKey' | 'member' | 'admin' | 'memberIdToken' | 'wrongApiKey' | 'forged';

/**
 * A mix of callers, `[weight, callers]` per group (a group's callers equally likely), as one input
 * whose every caller is a hostile class of its own (hostile-values.ts `classedByValue`).
 */
function callerMix<T extends string>(...groups: readonly (readonly [number, readonly T[]])[]): fc.Arbitrary<T> {
  return classedByValue('caller', fc.oneof(...groups.map(([weight, callers]) => ({ arbitrary: fc.constantFrom(...callers), weight }))));
}

/** For REST routes behind the Cognito authorizer. */
export const restCaller: fc.Arbitrary<RestCaller> = callerMix<RestCaller>(
  [6, ['member']],
  [2, ['admin', 'bearer']],
  [1, ['anonymous', 'forged', 'accessToken']],
);

/** For the admin routes: mostly the admin, so the handlers' validation is what gets fuzzed. */
export const adminRouteCaller: fc.Arbitrary<RestCaller> = callerMix<RestCaller>([6, ['admin']], [1, ['member', 'anonymous', 'forged']]);

/** For the assistant's routes: mostly the subscriber (so validation and the work are reached), sometimes the unsubscribed member. */
export const assistantCaller: fc.Arbitrary<RestCaller> = callerMix<RestCaller>(
  [8, ['subscriber']],
  [1, ['member', 'admin']],
  [1, ['anonymous', 'forged', 'accessToken']],
);

/** A JWT-looking token no pool signed. */
const FORGED_TOKEN = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x","cognito:groups":["Admins"],"token_use":"id"}').toString('base64url')}.`;

export function restHeaders(rt: SecurityRuntime, caller: RestCaller): Record<string, string> {
  switch (caller) {
    case 'member':
      return { authorization: rt.member.idToken };
    case 'admin':
      return { authorization: rt.admin.idToken };
    case 'subscriber':
      return { authorization: rt.subscriber.idToken };
    case 'bearer':
      return { authorization: `Bearer ${rt.member.idToken}` };
    case 'accessToken':
      return { authorization: rt.member.accessToken };
    case 'forged':
      return { authorization: FORGED_TOKEN };
    case 'anonymous':
      return {};
  }
}

/** For GraphQL fields: `preferred` callers get most runs, the others still appear. */
export function graphqlCaller(...preferred: GraphqlCaller[]): fc.Arbitrary<GraphqlCaller> {
  const others = (['apiKey', 'member', 'admin', 'memberIdToken', 'wrongApiKey', 'forged'] as GraphqlCaller[]).filter(
    (caller) => !preferred.includes(caller),
  );
  return callerMix([5, preferred], [1, others]);
}

export function graphqlHeaders(rt: SecurityRuntime, caller: GraphqlCaller): Record<string, string> {
  switch (caller) {
    case 'apiKey':
      return { 'x-api-key': rt.apiKey };
    case 'member':
      return { authorization: rt.member.accessToken };
    case 'memberIdToken':
      return { authorization: rt.member.idToken };
    case 'admin':
      return { authorization: rt.admin.accessToken };
    case 'wrongApiKey':
      return { 'x-api-key': 'da2-notthekeyatall000000000' };
    case 'forged':
      return { authorization: FORGED_TOKEN };
  }
}

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD, as a browser sends them). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}
