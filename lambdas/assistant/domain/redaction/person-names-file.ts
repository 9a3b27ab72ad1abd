import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The word lists person-name redaction reads (person-names-data.json, written by hand from general
 * knowledge, never from corpus text): common given names and surnames across the languages staffing
 * candidates and contacts write in, given names that are also everyday words (a person only with a
 * surname or a cue), and country names (the last line of a postal address). Read once from the JSON
 * file beside this module in the source tree, or beside the handler's bundle where the route
 * deploys it (`dataFiles` in lib/definitions/rest-routes.ts): data, not code, so the job-description
 * handler stays within its bundle budget. The file is the lists' only owner: edit it there.
 */
export const PERSON_NAMES_DATA_FILE = 'person-names-data.json';

/** {@link PERSON_NAMES_DATA_FILE} from the repository root, for the routes that deploy it. */
export const PERSON_NAMES_DATA_PATH = 'lambdas/assistant/domain/redaction/person-names-data.json';

export interface PersonNameLists {
  /** Given names that, before a capitalised word, make it a surname ("Frank Oduya"), in {@link plainName} form. */
  readonly given: ReadonlySet<string>;
  /** Given names that are also everyday words, months or places: a person alone only with a cue. */
  readonly ambiguousGiven: ReadonlySet<string>;
  /** Surnames common in their country and rarely anything else. */
  readonly surnames: ReadonlySet<string>;
  /** Country names, lowercase ("united kingdom"). */
  readonly countries: ReadonlySet<string>;
}

/** Lowercase, without accents, as the lists are written: "Jørgensen" → "jorgensen". */
export function plainName(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[đð]/g, 'd')
    .replace(/þ/g, 'th')
    .replace(/ł/g, 'l');
}

let lists: PersonNameLists | null = null;

export function personNameLists(): PersonNameLists {
  if (lists) return lists;
  const file = path.join(__dirname, PERSON_NAMES_DATA_FILE);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const field = (key: string, separator: RegExp) => {
    const lines = parsed[key];
    // The file as written, or a clear failure: never a redaction that silently knows no names.
    if (!Array.isArray(lines) || !lines.length || !lines.every((line) => typeof line === 'string'))
      throw new Error(`${file} has no "${key}" list: it is not the person-name lists`);
    return new Set((lines as string[]).flatMap((line) => line.split(separator)).filter(Boolean));
  };
  lists = {
    given: field('givenNames', /\s+/),
    ambiguousGiven: field('ambiguousGivenNames', /\s+/),
    surnames: field('surnames', /\s+/),
    countries: field('countries', /\|/),
  };
  return lists;
}
