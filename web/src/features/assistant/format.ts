import type { EngineInfo, SearchString } from '@contracts/assistant';

/** Which engine produced a result, in words: every result says so (issue 6). */
export function engineLabel(engine: EngineInfo): string {
  if (engine.kind === 'bedrock') return engine.model ? `Produced by Amazon Bedrock (${engine.model})` : 'Produced by Amazon Bedrock';
  if (engine.kind === 'local-model')
    return engine.model ? `Produced by your local model (${engine.model})` : 'Produced by your local model';
  return 'Produced by the offline engine';
}

/** A search string's size against its target's limit, e.g. "212 of 1,000 characters". */
export function lengthLabel(search: Pick<SearchString, 'length' | 'limit'>): string {
  const unit = search.limit.unit === 'words' && search.length === 1 ? 'word' : search.limit.unit;
  return `${search.length.toLocaleString('en-US')} of ${search.limit.max.toLocaleString('en-US')} ${unit}`;
}

/** Whether a search string is within its target's limit. */
export function withinLimit(search: Pick<SearchString, 'length' | 'limit'>): boolean {
  return search.length <= search.limit.max;
}

/**
 * The items of a one-per-line list field (also comma-separated unless `commas` is false, for
 * names such as "Acme, Inc."): trimmed, blanks and repeats dropped (case-insensitive), in order.
 */
export function splitList(text: string, { commas = true }: { readonly commas?: boolean } = {}): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of text.split(commas ? /[\n,;]+/ : /\n+/)) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/** When a result was produced, for the history list: "24 Nov 2026, 14:05" in the reader's zone. */
export { formatWhen } from '../../lib/format-when';

/** A 0-5 answer score in words for screen readers and the eye alike: "4 of 5". */
export function scoreLabel(score: number): string {
  return `${Math.round(score * 10) / 10} of 5`;
}

/** Why a required text is missing or too long, in the server's words (the contract's messages). */
export function textError(label: string, value: string, max: number, required = true): string | undefined {
  const text = value.trim();
  if (required && !text) return `Please give the ${label.toLowerCase()}.`;
  if (text.length > max) return `${label} has at most ${max.toLocaleString('en-US')} characters.`;
  return undefined;
}

/** Drops the `undefined` entries of a field-error map. */
export function definedErrors(errors: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
