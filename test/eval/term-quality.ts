/**
 * The garbage-term rule: a search term a sourcer would delete on sight. A term is garbage when it
 * is a sentence piece (more than four words, or sentence punctuation inside it), a fragment (it
 * starts or ends with a function word, or is only generic words), or a soft skill nobody searches
 * for. Each reason is named, so a report says why.
 */
import { normalize } from './text-match';

const FUNCTION_WORDS = new Set(
  'a an and or of the to in on at for with by from as is are be will must may can should our your their this that these those we you it its per via into all any'.split(
    ' ',
  ),
);

const GENERIC_WORDS = new Set(
  'experience experienced skills skill ability abilities knowledge required preferred plus strong excellent good work working job role position candidate candidates team years year level basic proficient proficiency understanding familiarity including related field etc duties responsibilities other new'.split(
    ' ',
  ),
);

/** Soft skills: real qualities, useless as search keywords (everyone claims them). */
const SOFT_SKILLS = [
  'communication',
  'communication skills',
  'interpersonal',
  'interpersonal skills',
  'teamwork',
  'team player',
  'detail oriented',
  'attention to detail',
  'self motivated',
  'self starter',
  'motivated',
  'hard worker',
  'hardworking',
  'problem solving',
  'time management',
  'organizational skills',
  'organized',
  'multitasking',
  'multi tasking',
  'positive attitude',
  'reliable',
  'dependable',
  'flexible',
  'fast paced',
  'customer focus',
  'work ethic',
  'leadership skills',
  'critical thinking',
  'passionate',
  'dynamic',
];

export type GarbageReason = 'sentence piece' | 'fragment' | 'generic' | 'soft skill';

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATION = /\b(?:Sr|Jr|Dr|St|Mr|Ms|Inc|Co|Ltd|e\.g|i\.e|[A-Z]\.[A-Z])\./g;

/** Why `term` is garbage, or null when a sourcer could keep it. */
export function garbageReason(term: string): GarbageReason | null {
  const raw = term.trim();
  // Words as written ("CDL-A", "Assistant/LPN" are one word each), lower case, edge punctuation off.
  const written = raw
    .split(/\s+/)
    .map((w) => w.toLowerCase().replace(/^[^\p{L}\p{N}.#+]+|[^\p{L}\p{N}#+]+$/gu, ''))
    .filter(Boolean);
  const words = normalize(raw).split(' ').filter(Boolean);
  if (words.length === 0 || written.length === 0) return 'fragment';
  // Sentence punctuation inside a term (".NET", "C#", "Node.js", "Sr." and "2 CFR 200" are fine).
  if (written.length > 4 || /[,;:!?]|\s-\s/.test(raw) || /\.(\s|$)/.test(raw.replace(ABBREVIATION, ''))) return 'sentence piece';
  // "IT" in capitals is information technology ("IT Support Technician"), not the pronoun.
  const functionWord = (i: number) => FUNCTION_WORDS.has(written[i]) && !/^IT$/.test(raw.split(/\s+/)[i] ?? '');
  if (functionWord(0) || functionWord(written.length - 1)) return 'fragment';
  // A year or a season names the posting, not a skill ("2024-2025 Teacher").
  if (/\b(?:19|20)\d{2}\b/.test(raw)) return 'fragment';
  if (SOFT_SKILLS.includes(words.join(' ')) || SOFT_SKILLS.includes(words.join(' ').replace(/ skills?$/, ''))) return 'soft skill';
  if (words.every((w) => GENERIC_WORDS.has(w) || FUNCTION_WORDS.has(w))) return 'generic';
  return null;
}
