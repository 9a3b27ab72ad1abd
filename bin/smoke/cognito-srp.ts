import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Cognito's Secure Remote Password sign-in (`USER_SRP_AUTH`), the only password flow the deployed
 * web client allows: the password never leaves this process, only a proof that we know it.
 * Written with `node:crypto` and `BigInt` after the protocol as Amplify implements it (aws-amplify
 * `packages/auth/src/providers/cognito/utils/srp`, Apache-2.0): SRP-6a over the 3072-bit group of
 * RFC 5054 with SHA-256, and Cognito's HKDF and claim signature. No new dependency: Amplify keeps
 * its helper internal (not in its package exports).
 *
 * The flow: `InitiateAuth` with `SRP_A` → Cognito answers `PASSWORD_VERIFIER` with `SALT`,
 * `SRP_B`, `SECRET_BLOCK` and `USER_ID_FOR_SRP` → `RespondToAuthChallenge` with
 * `PASSWORD_CLAIM_SIGNATURE`, `PASSWORD_CLAIM_SECRET_BLOCK` and `TIMESTAMP`.
 */

/** RFC 5054's 3072-bit group, the one Cognito uses. */
export const SRP_N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const SRP_G = 2n;

/** `base^exponent mod modulus`, by squaring. */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let factor = ((base % modulus) + modulus) % modulus;
  let rest = exponent;
  while (rest > 0n) {
    if (rest & 1n) result = (result * factor) % modulus;
    factor = (factor * factor) % modulus;
    rest >>= 1n;
  }
  return result;
}

/** Hex of a non-negative number, even-length, with `00` in front when the top bit is set (a positive two's-complement value). */
export function paddedHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

/** SHA-256 of bytes, as 64 hex digits. */
function hashHex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 of the bytes a hex string spells. */
export function hashOfHex(hex: string): string {
  return hashHex(Buffer.from(hex, 'hex'));
}

/** The multiplier k = H(N | g). */
export const SRP_K = BigInt(`0x${hashOfHex(paddedHex(SRP_N) + paddedHex(SRP_G))}`);

/** Cognito's timestamp: `ddd MMM D HH:mm:ss UTC YYYY` (the day not padded), in UTC. */
export function srpTimestamp(now: Date): string {
  const weekDay = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][now.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][now.getUTCMonth()];
  const two = (value: number) => String(value).padStart(2, '0');
  return `${weekDay} ${month} ${now.getUTCDate()} ${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())} UTC ${now.getUTCFullYear()}`;
}

/** The client's half of one sign-in: the secret `a` and the public `A` (sent as `SRP_A`). */
export interface SrpSession {
  readonly a: bigint;
  readonly A: bigint;
  /** `SRP_A`: A in hex. */
  readonly srpA: string;
}

/** A fresh session; `a` is 128 random bytes (tests may give one). */
export function startSrpSession(a: bigint = BigInt(`0x${randomBytes(128).toString('hex')}`)): SrpSession {
  const A = modPow(SRP_G, a, SRP_N);
  if (A % SRP_N === 0n) throw new Error('SRP: A mod N is 0; start again.');
  return { a, A, srpA: A.toString(16) };
}

/** What Cognito's `PASSWORD_VERIFIER` challenge carries. */
export interface PasswordVerifierChallenge {
  readonly SALT: string;
  readonly SRP_B: string;
  readonly SECRET_BLOCK: string;
  readonly USER_ID_FOR_SRP: string;
}

/**
 * The 16-byte key both sides derive from the shared secret S: HKDF (RFC 5869) of S with salt u and
 * info "Caldera Derived Key" 0x01. Throws when Cognito's B or the scrambler u is 0 (SRP-6a's checks).
 */
export function passwordAuthenticationKey(input: {
  readonly session: SrpSession;
  readonly poolName: string;
  readonly userIdForSrp: string;
  readonly password: string;
  readonly saltHex: string;
  readonly srpBHex: string;
}): Buffer {
  const { session } = input;
  const B = BigInt(`0x${input.srpBHex}`);
  if (B % SRP_N === 0n) throw new Error('SRP: Cognito sent B mod N = 0.');
  const u = BigInt(`0x${hashOfHex(paddedHex(session.A) + paddedHex(B))}`);
  if (u === 0n) throw new Error('SRP: u is 0; start again.');
  const salt = BigInt(`0x${input.saltHex}`);
  const x = BigInt(`0x${hashOfHex(paddedHex(salt) + hashHex(`${input.poolName}${input.userIdForSrp}:${input.password}`))}`);
  const S = modPow(B - SRP_K * modPow(SRP_G, x, SRP_N), session.a + u * x, SRP_N);
  const prk = createHmac('sha256', Buffer.from(paddedHex(u), 'hex'))
    .update(Buffer.from(paddedHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

/** The answer to `PASSWORD_VERIFIER`: the ChallengeResponses of RespondToAuthChallenge. */
export function passwordVerifierResponses(input: {
  readonly session: SrpSession;
  /** The pool id, `us-east-2_AbCdEf123`: the part after `_` goes into the proof. */
  readonly userPoolId: string;
  readonly password: string;
  readonly challenge: PasswordVerifierChallenge;
  readonly now?: Date;
}): Record<'USERNAME' | 'PASSWORD_CLAIM_SECRET_BLOCK' | 'TIMESTAMP' | 'PASSWORD_CLAIM_SIGNATURE', string> {
  const { challenge } = input;
  const poolName = input.userPoolId.split('_')[1] ?? '';
  const key = passwordAuthenticationKey({
    session: input.session,
    poolName,
    userIdForSrp: challenge.USER_ID_FOR_SRP,
    password: input.password,
    saltHex: challenge.SALT,
    srpBHex: challenge.SRP_B,
  });
  const timestamp = srpTimestamp(input.now ?? new Date());
  const signature = createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(challenge.USER_ID_FOR_SRP, 'utf8'),
        Buffer.from(challenge.SECRET_BLOCK, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
  return {
    USERNAME: challenge.USER_ID_FOR_SRP,
    PASSWORD_CLAIM_SECRET_BLOCK: challenge.SECRET_BLOCK,
    TIMESTAMP: timestamp,
    PASSWORD_CLAIM_SIGNATURE: signature,
  };
}
