/**
 * A small secrets scanner for the security tests: the shapes of secrets this product could leak
 * (AWS access keys, private keys, Recurly private API keys, `secret = "…"`-style assignments,
 * long key-like literals) plus exact values a test planted or knows to be secret.
 */

export interface SecretFinding {
  readonly kind: string;
  /** The matched text, cut to 80 characters. */
  readonly match: string;
}

/** A secret shape: its name and a global pattern. */
interface SecretPattern {
  readonly kind: string;
  readonly pattern: RegExp;
  /** Further check of a match (e.g. it must mix letters and digits). */
  readonly accept?: (match: string) => boolean;
}

/**
 * Literals that look like keys but are public constants of the libraries we ship, each with why.
 * A new entry needs a reason a reviewer can check.
 */
const KNOWN_PUBLIC_LITERALS: Readonly<Record<string, string>> = {
  e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855:
    'SHA-256 of the empty string: the AWS SigV4 signer in Amplify hashes empty bodies with it.',
  '0123456789abcdefghijklmnopqrstuvwxyz': 'The base-36 digit alphabet.',
};

/** Long public constants known by their start. */
const KNOWN_PUBLIC_PREFIXES: Readonly<Record<string, string>> = {
  FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1:
    'The 3072-bit MODP group prime of RFC 3526: the SRP modulus of Amplify’s Cognito sign-in.',
};

function isKnownPublic(literal: string): boolean {
  return KNOWN_PUBLIC_LITERALS[literal] !== undefined || Object.keys(KNOWN_PUBLIC_PREFIXES).some((prefix) => literal.startsWith(prefix));
}

function mixesLettersAndDigits(text: string): boolean {
  return (text.match(/[0-9]/g) ?? []).length >= 6 && (text.match(/[A-Za-z]/g) ?? []).length >= 6;
}

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { kind: 'AWS access key id', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'AWS secret access key assignment', pattern: /aws_?secret_?access_?key["']?\s*[:=]\s*["'][A-Za-z0-9/+]{40}["']/gi },
  { kind: 'private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/g },
  // Recurly private API keys are 32 lower-case hex characters (public keys start with `ewr1-`).
  { kind: 'Recurly private API key', pattern: /\b[0-9a-f]{32}\b/g, accept: mixesLettersAndDigits },
  {
    kind: 'secret assignment',
    pattern: /(?:secret|password|passwd|api[_-]?key|private[_-]?key|access[_-]?token)["']?\s*[:=]\s*["'][^"'\s]{8,}["']/gi,
  },
  { kind: 'key-like literal', pattern: /["'`][A-Za-z0-9+/_-]{32,}={0,2}["'`]/g, accept: mixesLettersAndDigits },
];

/**
 * Every secret shape found in `text` (all of {@link SECRET_PATTERNS}, or the kinds named), and
 * every occurrence of one of `values` (exact, case-sensitive), reported under its name.
 */
export function findSecrets(text: string, values: Readonly<Record<string, string>> = {}, kinds?: readonly string[]): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const { kind, pattern, accept } of SECRET_PATTERNS.filter((candidate) => !kinds || kinds.includes(candidate.kind))) {
    for (const [match] of text.matchAll(pattern)) {
      const bare = match.replace(/^["'`]|["'`]$/g, '');
      if (isKnownPublic(bare)) continue;
      if (accept && !accept(bare)) continue;
      findings.push({ kind, match: match.slice(0, 80) });
    }
  }
  for (const [kind, value] of Object.entries(values)) {
    if (value && text.includes(value)) findings.push({ kind, match: value.slice(0, 80) });
  }
  return findings;
}
