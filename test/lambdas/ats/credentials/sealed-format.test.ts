import {
  formatSealed,
  hintOf,
  isSealed,
  maskStoredCredential,
  parseSealed,
  withHint,
} from '../../../../lambdas/ats/credentials/sealed-format';
import { maskSecret } from '../../../../lambdas/shared/domain/secret-fields';

describe('the sealed credential format', () => {
  it('names its version and cipher, and carries the hint last', () => {
    expect(formatSealed('kms', 'QUJDRA==')).toBe('enc:v1:kms:QUJDRA==');
    expect(formatSealed('local', 'QUJDRA==', 'w:yz')).toBe('enc:v1:local:QUJDRA==:w:yz');
    expect(parseSealed('enc:v1:local:QUJDRA==:w:yz')).toEqual({ scheme: 'local', payload: 'QUJDRA==', hint: 'w:yz' });
    expect(parseSealed('enc:v1:kms:QUJDRA==')).toEqual({ scheme: 'kms', payload: 'QUJDRA==', hint: '' });
  });

  it('tells a sealed value from a key, a mask or an unknown version or cipher', () => {
    expect(isSealed('enc:v1:kms:QUJDRA==')).toBe(true);
    for (const value of [
      'gh-key-1234567890',
      '\u2022\u2022\u2022\u2022abcd',
      'enc:v2:kms:QUJDRA==',
      'enc:v1:vault:QUJDRA==',
      'enc:v1:kms:',
      'enc:v1:kms:not base64',
      'enc:v1:kms:QUJDRA==:toolong',
      null,
      42,
    ]) {
      expect(isSealed(value)).toBe(false);
    }
  });

  it('keeps as hint exactly what the API mask shows of a key', () => {
    expect(hintOf('gh-key-abcdef-7f3e')).toBe('7f3e');
    expect(hintOf('short-key')).toBe(''); // under 12 characters the mask shows none of it
    expect(withHint('enc:v1:kms:QUJDRA==:zzzz', '7f3e')).toBe('enc:v1:kms:QUJDRA==:7f3e');
  });

  it('masks a stored value without decrypting it, and a value stored before encryption as before', () => {
    expect(maskStoredCredential('enc:v1:kms:QUJDRA==:7f3e')).toBe('\u2022\u2022\u2022\u20227f3e');
    expect(maskStoredCredential('enc:v1:kms:QUJDRA==')).toBe('\u2022\u2022\u2022\u2022');
    expect(maskStoredCredential('legacy-plain-key-9999')).toBe('\u2022\u2022\u2022\u20229999');
    expect(maskStoredCredential(null)).toBeNull();
    // The mask the resolvers already compute from a stored value is the right one for hinted values.
    expect(maskSecret('enc:v1:kms:QUJDRA==:7f3e')).toBe('\u2022\u2022\u2022\u20227f3e');
  });
});
