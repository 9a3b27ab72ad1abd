import type { AssistantResult } from '../../shared/contracts/assistant';

/**
 * Searching the user's results: a result matches when its label or any text of its output holds
 * every word of the search, whatever their case and accents ("muller" finds "Müller"). Plain
 * TypeScript over the stored result: the repository applies it while it pages through a user's
 * results, since DynamoDB's `contains` is case-sensitive.
 */

/** Text folded for comparison: compatibility forms, no accents, lower case, single spaces. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en-US')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search's words, folded; none for an empty search (which matches everything). */
export function searchWords(search: string | undefined): string[] {
  return search ? foldForSearch(search).split(' ').filter(Boolean) : [];
}

/** Every string in a result's output, in order (ids and other keys' names are not text the user sees, but are harmless). */
function outputStrings(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) outputStrings(item, into);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) outputStrings(item, into);
  return into;
}

/** Whether `result` holds every one of `words` (from {@link searchWords}) in its label or output. */
export function resultMatches(result: AssistantResult, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = foldForSearch([result.label, ...outputStrings(result.output, [])].join(' \n '));
  return words.every((word) => haystack.includes(word));
}
