/**
 * Small text helpers the Workable and Crelate mappers share: ATS answers carry HTML postings,
 * optional strings and timestamps in more than one shape; the port wants plain text and ISO 8601.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  bull: '•',
};

function decodeEntity(entity: string): string {
  if (entity.startsWith('#x') || entity.startsWith('#X')) return safeCodePoint(Number.parseInt(entity.slice(2), 16));
  if (entity.startsWith('#')) return safeCodePoint(Number.parseInt(entity.slice(1), 10));
  return ENTITIES[entity.toLowerCase()] ?? `&${entity};`;
}

function safeCodePoint(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
}

/** The text without `<script>`/`<style>` elements, found with indexOf so the cost stays linear. */
function withoutScripts(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let at = 0;
  for (;;) {
    const script = lower.indexOf('<script', at);
    const style = lower.indexOf('<style', at);
    const start = script < 0 ? style : style < 0 ? script : Math.min(script, style);
    if (start < 0) return out + html.slice(at);
    const close = lower.indexOf(start === script ? '</script' : '</style', start);
    out += html.slice(at, start) + ' ';
    if (close < 0) return out;
    const end = lower.indexOf('>', close);
    if (end < 0) return out;
    at = end + 1;
  }
}

/**
 * HTML (a posting, a summary) as plain text: block ends become line breaks, list items bullets,
 * scripts and styles dropped, entities decoded, blank lines dropped. Linear: every pattern is a
 * single pass without nested quantifiers.
 */
export function htmlToText(html: string): string {
  return withoutScripts(String(html ?? ''))
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|tr|table|section|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (_match, entity: string) => decodeEntity(entity))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
    .trim();
}

/** The non-empty, trimmed parts joined by `separator`. */
export function joinNonEmpty(parts: readonly (string | null | undefined)[], separator: string): string {
  return parts
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(separator);
}

/** An instant as ISO 8601 (UTC), or `null` when absent or unreadable. */
export function isoOrNull(value: string | null | undefined): string | null {
  if (!value || !value.trim()) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
