/**
 * Base64 decoding for sealed payloads. Node's decoder is lenient (it skips stray characters and
 * ignores unused trailing bits), so two different strings could decode to the same bytes; a sealed
 * value is accepted only in the one form its cipher wrote.
 */

/** The bytes of `payload`, or null unless it is canonical standard base64. */
export function decodeCanonicalBase64(payload: string): Buffer | null {
  const bytes = Buffer.from(payload, 'base64');
  return bytes.length > 0 && bytes.toString('base64') === payload ? bytes : null;
}
