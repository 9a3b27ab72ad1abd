/**
 * A small RFC 8288 `Link` header parser. Greenhouse Harvest (and others) paginate with
 * `Link: <https://…?page=2&per_page=100>; rel="next", <…>; rel="last"`.
 */

/**
 * Parses a `Link` header into a map from each relation type (lower-cased) to its target URL.
 * A link with several relation types (`rel="next last"`) is listed under each; the first link
 * for a relation wins. Parameters other than `rel` are ignored; malformed links are skipped.
 * Returns an empty object for `null`/empty input.
 */
export function parseLinkHeader(value: string | null | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!value) return links;
  let i = 0;
  while (i < value.length) {
    const open = value.indexOf('<', i);
    if (open < 0) break;
    const close = value.indexOf('>', open + 1);
    if (close < 0) break;
    const target = value.slice(open + 1, close).trim();
    i = close + 1;
    // Parameters run until the next comma that is outside a quoted string.
    let params = '';
    let quoted = false;
    for (; i < value.length; i++) {
      const ch = value[i];
      if (ch === '\\' && quoted) {
        params += ch + (value[i + 1] ?? '');
        i++;
        continue;
      }
      if (ch === '"') quoted = !quoted;
      if (ch === ',' && !quoted) {
        i++;
        break;
      }
      params += ch;
    }
    for (const rel of relationTypes(params)) {
      if (!(rel in links)) links[rel] = target;
    }
  }
  return links;
}

/** The `next` link of a `Link` header, or `null` when there is none (the last page). */
export function nextLink(value: string | null | undefined): string | null {
  return parseLinkHeader(value).next ?? null;
}

function relationTypes(params: string): string[] {
  for (const param of params.split(';')) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    if (param.slice(0, eq).trim().toLowerCase() !== 'rel') continue;
    let raw = param.slice(eq + 1).trim();
    if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) raw = raw.slice(1, -1).replace(/\\(.)/g, '$1');
    return raw
      .toLowerCase()
      .split(/\s+/)
      .filter((rel) => rel.length > 0);
  }
  return [];
}
