import { createHmac } from 'node:crypto';
import {
  signRecurlyPayload,
  verifyRecurlySignature,
  type SignatureCheckInput,
} from '../../../../lambdas/shared/webhooks/recurly-signature';

const SECRET = 'whsec-current-0123456789';
const OLD_SECRET = 'whsec-previous-9876543210';
const NOW = 1_767_225_600_000; // 2026-01-01T00:00:00Z, in milliseconds as Recurly's header has it
const BODY =
  '{"id":"ra8foq26o2dt","object_type":"subscription","site_id":"qc326l1hl8k9","event_type":"created","event_time":"2022-07-26T22:01:56Z","uuid":"63ab531e1d5b1d47eaf1ef44eeb853c3"}';

/** What Recurly computes, written out independently of the code under test. */
function recurlySignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

function check(header: string | undefined, overrides: Partial<SignatureCheckInput> = {}) {
  return verifyRecurlySignature({
    headers: header === undefined ? {} : { 'recurly-signature': header },
    rawBody: BODY,
    secrets: [SECRET],
    now: NOW,
    toleranceSeconds: 300,
    ...overrides,
  });
}

describe('verifyRecurlySignature', () => {
  it('accepts a request signed with our secret, whatever the header name case', () => {
    const header = `${NOW},${recurlySignature(SECRET, NOW, BODY)}`;
    expect(check(header)).toEqual({ ok: true, timestamp: NOW });
    expect(
      verifyRecurlySignature({
        headers: { 'Recurly-Signature': header },
        rawBody: Buffer.from(BODY),
        secrets: [SECRET],
        now: NOW,
        toleranceSeconds: 300,
      }),
    ).toEqual({
      ok: true,
      timestamp: NOW,
    });
    expect(signRecurlyPayload(SECRET, NOW, BODY)).toBe(recurlySignature(SECRET, NOW, BODY));
  });

  it('accepts either signature while Recurly rotates the endpoint secret', () => {
    const both = `${NOW},${recurlySignature('a-secret-we-no-longer-have', NOW, BODY)},${recurlySignature(SECRET, NOW, BODY)}`;
    expect(check(both)).toMatchObject({ ok: true });
  });

  it('accepts a signature made with any of our secrets (new and old during our rotation)', () => {
    const signedWithOld = `${NOW},${recurlySignature(OLD_SECRET, NOW, BODY)}`;
    expect(check(signedWithOld, { secrets: [SECRET, OLD_SECRET] })).toMatchObject({ ok: true });
    expect(check(signedWithOld)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a forged signature, a signature of another body, and a replayed signature with another timestamp', () => {
    expect(check(`${NOW},${recurlySignature('guessed-secret', NOW, BODY)}`)).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(`${NOW},${recurlySignature(SECRET, NOW, BODY.replace('created', 'expired'))}`)).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(`${NOW + 1},${recurlySignature(SECRET, NOW, BODY)}`)).toEqual({ ok: false, reason: 'mismatch' });
    // Not hexadecimal, or too short: cannot match, compared to nothing.
    expect(check(`${NOW},${'z'.repeat(64)}`)).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(`${NOW},${recurlySignature(SECRET, NOW, BODY).slice(0, 63)}`)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('signs the raw bytes: a body re-encoded or re-serialized does not verify', () => {
    const header = `${NOW},${recurlySignature(SECRET, NOW, BODY)}`;
    expect(check(header, { rawBody: JSON.stringify(JSON.parse(BODY), null, 2) })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses stale and future-dated signatures beyond five minutes, and accepts the edges', () => {
    const at = (timestamp: number) => `${timestamp},${recurlySignature(SECRET, timestamp, BODY)}`;
    expect(check(at(NOW - 300_000))).toMatchObject({ ok: true });
    expect(check(at(NOW - 300_001))).toEqual({ ok: false, reason: 'stale' });
    expect(check(at(NOW + 300_000))).toMatchObject({ ok: true });
    expect(check(at(NOW + 300_001))).toEqual({ ok: false, reason: 'future' });
    // A timestamp in seconds is 1970 in milliseconds: stale.
    const seconds = Math.floor(NOW / 1000);
    expect(check(at(seconds))).toEqual({ ok: false, reason: 'stale' });
  });

  it('tells a missing header from a malformed one', () => {
    expect(check(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(check('   ')).toEqual({ ok: false, reason: 'missing' });
    for (const header of [
      recurlySignature(SECRET, NOW, BODY),
      `${NOW}`,
      `${NOW},`,
      `t=${NOW},v1=${recurlySignature(SECRET, NOW, BODY)}`,
      `-5,${recurlySignature(SECRET, NOW, BODY)}`,
      `${NOW},a,b,c,d,e,f`,
      `${NOW},,${recurlySignature(SECRET, NOW, BODY)}`,
    ]) {
      expect([header, check(header)]).toEqual([header, { ok: false, reason: 'malformed' }]);
    }
  });

  it('tolerates spaces around the parts', () => {
    expect(check(` ${NOW} , ${recurlySignature(SECRET, NOW, BODY)} `)).toMatchObject({ ok: true });
  });

  it('refuses to run without a secret (a deployment mistake, not a verdict)', () => {
    expect(() => check(`${NOW},${recurlySignature(SECRET, NOW, BODY)}`, { secrets: [] })).toThrow(/No webhook secret/);
    expect(() => check(`${NOW},${recurlySignature(SECRET, NOW, BODY)}`, { secrets: [''] })).toThrow(/No webhook secret/);
  });
});
