import { isMaskedSecret, maskSecret, SECRET_MASK, withMaskedSecrets } from '../../../../lambdas/shared/domain/secret-fields';

describe('the ATS keys as every API answer carries them', () => {
  it('shows a key of 12 or more characters as the mask and its last four characters', () => {
    expect(maskSecret('bullhorn-key-7f3a9c21')).toBe('••••9c21');
    expect(maskSecret('abcdefghijkl')).toBe('••••ijkl');
  });

  it('shows a shorter key as the mask alone (its last four would be most of it), and no key as null', () => {
    expect(maskSecret('abcdefghijk')).toBe(SECRET_MASK);
    expect(maskSecret('k')).toBe(SECRET_MASK);
    expect([maskSecret(''), maskSecret(null), maskSecret(undefined), maskSecret(42)]).toEqual([null, null, null, null]);
  });

  it('shows an encrypted key by the hint stored with it, never by its ciphertext, whatever the key length', () => {
    expect(maskSecret('enc:v1:kms:AQICAHh2bWpzZGZrbGpzZGZrbGo=:9c21')).toBe('••••9c21');
    expect(maskSecret('enc:v1:local:c2hvcnQtb25lLWNpcGhlcnRleHQ=')).toBe(SECRET_MASK);
    expect(maskSecret('enc:v1:local:c2hvcnQ=:')).toBe(SECRET_MASK);
  });

  it('recognises a mask sent back, and never mistakes a key for one', () => {
    expect(isMaskedSecret('••••9c21')).toBe(true);
    expect(isMaskedSecret(SECRET_MASK)).toBe(true);
    expect([isMaskedSecret('bullhorn-key-7f3a9c21'), isMaskedSecret('•••x'), isMaskedSecret(null)]).toEqual([false, false, false]);
  });

  it('masks apikey1 and apikey2 of a record, leaving every other field and the original alone', () => {
    const record = { id: 'u1', atsname: 'Bullhorn', apikeytype: 'read-only', apikey1: 'bullhorn-key-7f3a9c21', apikey2: null };

    expect(withMaskedSecrets(record)).toEqual({
      id: 'u1',
      atsname: 'Bullhorn',
      apikeytype: 'read-only',
      apikey1: '••••9c21',
      apikey2: null,
    });
    expect(record.apikey1).toBe('bullhorn-key-7f3a9c21');
    expect(withMaskedSecrets({ id: 'u2' })).toEqual({ id: 'u2' });
    expect(withMaskedSecrets(null)).toBeNull();
  });
});
