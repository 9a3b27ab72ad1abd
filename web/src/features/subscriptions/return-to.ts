/**
 * Where a page may send the person back to after a task (`?returnTo=`): only a path of this app,
 * starting with one `/` (never `//` or `/\`, which browsers read as another host), without
 * whitespace or control characters. Anything else is dropped: no open redirect.
 */
export function internalReturnPath(raw: string | null | undefined): string | undefined {
  if (!raw || raw.length > 512) return undefined;
  // Printable ASCII only (codes 33-126): no whitespace, no control characters, nothing to decode.
  if (![...raw].every((character) => character.charCodeAt(0) > 32 && character.charCodeAt(0) < 127)) return undefined;
  return /^\/(?![/\\])[^\\]*$/.test(raw) ? raw : undefined;
}

/** `?seats=` of a deep link: a whole number of seats, else undefined (the dialog then starts empty). */
export function requestedSeats(raw: string | null | undefined): number | undefined {
  if (!raw || !/^[0-9]{1,4}$/.test(raw)) return undefined;
  const seats = Number(raw);
  return seats >= 1 ? seats : undefined;
}
