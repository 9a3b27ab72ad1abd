import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import * as path from 'node:path';
import {
  hashOfHex,
  modPow,
  paddedHex,
  passwordAuthenticationKey,
  passwordVerifierResponses,
  SRP_G,
  SRP_K,
  SRP_N,
  srpTimestamp,
  startSrpSession,
} from '../../bin/smoke/cognito-srp';
import { signIn, type SmokeUser } from '../../bin/smoke/smoke-user';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * Cognito's side of SRP, written from the SRP-6a equations (RFC 5054 §2.5–2.6): the verifier
 * v = g^x, B = k·v + g^b, and S = (A·v^u)^b. The client proves it knows the password when the
 * signature it sends is the one the server derives from its own S.
 */
function fakeCognitoSrp(userPoolId: string, userIdForSrp: string, password: string) {
  const poolName = userPoolId.split('_')[1];
  const salt = randomBytes(16).toString('hex');
  const secretBlock = randomBytes(64).toString('base64');
  const b = BigInt(`0x${randomBytes(64).toString('hex')}`);
  const identityHash = createHash('sha256').update(`${poolName}${userIdForSrp}:${password}`).digest('hex');
  const x = BigInt(`0x${hashOfHex(paddedHex(BigInt(`0x${salt}`)) + identityHash)}`);
  const v = modPow(SRP_G, x, SRP_N);
  const B = (SRP_K * v + modPow(SRP_G, b, SRP_N)) % SRP_N;
  const challenge = { SALT: salt, SRP_B: B.toString(16), SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: userIdForSrp };

  /** The signature the server expects for A, at `timestamp`. */
  const expectedSignature = (A: bigint, timestamp: string) => {
    const u = BigInt(`0x${hashOfHex(paddedHex(A) + paddedHex(B))}`);
    const S = modPow(A * modPow(v, u, SRP_N), b, SRP_N);
    const prk = createHmac('sha256', Buffer.from(paddedHex(u), 'hex'))
      .update(Buffer.from(paddedHex(S), 'hex'))
      .digest();
    const key = createHmac('sha256', prk).update(Buffer.from('Caldera Derived Key\u0001', 'utf8')).digest().subarray(0, 16);
    return createHmac('sha256', key)
      .update(Buffer.concat([Buffer.from(poolName), Buffer.from(userIdForSrp), Buffer.from(secretBlock, 'base64'), Buffer.from(timestamp)]))
      .digest('base64');
  };
  return { challenge, expectedSignature };
}

describe('SRP sign-in, as the deployed web client allows', () => {
  const userPoolId = 'us-east-2_AbCdEf123';

  it('proves the password without sending it: the signature is the one the server derives', () => {
    const server = fakeCognitoSrp(userPoolId, 'b1f0c3aa-user', 'Smoke-correct horse 9a');
    const session = startSrpSession();
    const now = new Date('2026-11-06T09:05:07Z');

    const answer = passwordVerifierResponses({ session, userPoolId, password: 'Smoke-correct horse 9a', challenge: server.challenge, now });

    expect(answer).toEqual({
      USERNAME: 'b1f0c3aa-user',
      PASSWORD_CLAIM_SECRET_BLOCK: server.challenge.SECRET_BLOCK,
      TIMESTAMP: 'Fri Nov 6 09:05:07 UTC 2026',
      PASSWORD_CLAIM_SIGNATURE: server.expectedSignature(session.A, 'Fri Nov 6 09:05:07 UTC 2026'),
    });
    expect(JSON.stringify(answer)).not.toContain('correct horse');
  });

  it('gives a wrong password a signature the server refuses', () => {
    const server = fakeCognitoSrp(userPoolId, 'b1f0c3aa-user', 'the right one');
    const session = startSrpSession();
    const answer = passwordVerifierResponses({ session, userPoolId, password: 'a wrong one', challenge: server.challenge });
    expect(answer.PASSWORD_CLAIM_SIGNATURE).not.toBe(server.expectedSignature(session.A, answer.TIMESTAMP));
  });

  it("derives the same key as Amplify's own SRP helper (the web app's sign-in) for the same secret", async () => {
    // Amplify keeps its helper out of its package exports: loaded by path, for this comparison only.
    const srp = path.join(REPO_ROOT, 'node_modules/aws-amplify/node_modules/@aws-amplify/auth/dist/cjs/providers/cognito/utils/srp');
    const { AuthenticationHelper } = (await import(path.join(srp, 'AuthenticationHelper/index.js'))) as {
      AuthenticationHelper: new (options: Record<string, unknown>) => {
        getPasswordAuthenticationKey(input: Record<string, unknown>): Promise<Uint8Array>;
      };
    };
    const { BigInteger } = (await import(path.join(srp, 'BigInteger/index.js'))) as {
      BigInteger: new (value: string, radix: number) => unknown;
    };
    const session = startSrpSession();
    const server = fakeCognitoSrp(userPoolId, 'b1f0c3aa-user', 'Smoke-correct horse 9a');
    const amplify = new AuthenticationHelper({
      userPoolName: 'AbCdEf123',
      a: new BigInteger(session.a.toString(16), 16),
      g: new BigInteger('2', 16),
      A: new BigInteger(session.A.toString(16), 16),
      N: new BigInteger(SRP_N.toString(16), 16),
    });

    const theirs = await amplify.getPasswordAuthenticationKey({
      username: 'b1f0c3aa-user',
      password: 'Smoke-correct horse 9a',
      serverBValue: new BigInteger(server.challenge.SRP_B, 16),
      salt: new BigInteger(server.challenge.SALT, 16),
    });
    const ours = passwordAuthenticationKey({
      session,
      poolName: 'AbCdEf123',
      userIdForSrp: 'b1f0c3aa-user',
      password: 'Smoke-correct horse 9a',
      saltHex: server.challenge.SALT,
      srpBHex: server.challenge.SRP_B,
    });

    expect(Buffer.from(ours).toString('hex')).toBe(Buffer.from(theirs).toString('hex'));
  });

  it("writes Cognito's timestamp with an unpadded day and padded time", () => {
    expect(srpTimestamp(new Date('2026-01-31T23:59:09Z'))).toBe('Sat Jan 31 23:59:09 UTC 2026');
    expect(srpTimestamp(new Date('2026-03-01T00:00:00Z'))).toBe('Sun Mar 1 00:00:00 UTC 2026');
  });

  it('pads hex as a positive two’s-complement number', () => {
    expect(paddedHex(0xabn)).toBe('00ab');
    expect(paddedHex(0x1abn)).toBe('01ab');
    expect(paddedHex(0x7fn)).toBe('7f');
  });

  it('signs the smoke user in with USER_SRP_AUTH and PASSWORD_VERIFIER, never USER_PASSWORD_AUTH', async () => {
    const user: SmokeUser = { email: 'smoke+1@example.com', password: 'Smoke-xyz-9a', username: 'uuid-1', sub: 'uuid-1' };
    const server = fakeCognitoSrp(userPoolId, user.username, user.password);
    const sent: string[] = [];
    let clientA = 0n;
    const cognito = {
      send: async (command: unknown) => {
        if (command instanceof InitiateAuthCommand) {
          sent.push(String(command.input.AuthFlow));
          clientA = BigInt(`0x${command.input.AuthParameters!.SRP_A}`);
          expect(command.input.AuthParameters).not.toHaveProperty('PASSWORD');
          return { ChallengeName: 'PASSWORD_VERIFIER', ChallengeParameters: server.challenge, Session: 'session-1' };
        }
        if (command instanceof RespondToAuthChallengeCommand) {
          sent.push(`${command.input.ChallengeName}`);
          const responses = command.input.ChallengeResponses!;
          const ok = responses.PASSWORD_CLAIM_SIGNATURE === server.expectedSignature(clientA, responses.TIMESTAMP);
          if (!ok) throw Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
          return { AuthenticationResult: { IdToken: 'id-token', AccessToken: 'access-token' } };
        }
        throw new Error('unexpected command');
      },
    };

    const token = await signIn(cognito as never, { userPoolId, clientId: 'client-1', flow: 'srp' }, user);

    expect(token).toBe('id-token');
    expect(sent).toEqual(['USER_SRP_AUTH', 'PASSWORD_VERIFIER']);
  });
});
