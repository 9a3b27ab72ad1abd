/**
 * The malformed-question detector: a screening question that a recruiter could not send as is
 * because a piece of the posting was spliced into the template ("Do you hold a current All RNs
 * are required…?", "How many years of must be age or older experience?"). Each rule names what
 * it caught, so the report says why.
 */

const RULES: readonly { readonly name: string; readonly test: (question: string) => boolean }[] = [
  // "Qualifications:RN", "Pennsylvania.Previous": list items run together in the posting.
  { name: 'glued sentences', test: (q) => /\p{Ll}[.:;]\p{Lu}|\p{L}:\p{L}/u.test(q) },
  { name: 'cut off', test: (q) => /…|\.\.\./.test(q) },
  // A sentence of the posting inside the question: its own verb ("are required", "must be").
  {
    name: 'posting sentence inside',
    test: (q) =>
      /\b\p{Ll}\S*\s+(?:must|shall)\b/u.test(q) ||
      /\b\p{Ll}\S*\s+(?:is|are|will be)\s+(?:(?:highly\s+)?(?:required|available|needed|expected|preferred|desired|responsible|encouraged)|a plus)\b/u.test(
        q,
      ),
  },
  // "a current All RNs", "of The candidate": a sentence start after an article or preposition.
  {
    name: 'sentence start mid-question',
    test: (q) =>
      /\b(?:a|an|the|current|of|with|in|your)\s+(?:All|The|We|Our|You|This|Must|Candidates?|Applicants?|Qualifications?|Requirements?|Responsibilities)\b/.test(
        q,
      ),
  },
  // "years of must be", "a year of at work", "requires old.", "experience of?".
  {
    name: 'function words collide',
    test: (q) =>
      /(?<=^|\s)(?:of|a|an|the|current|with|requires)\s+(?:must|be|are|is|and|or|to|the|a|an|of|at|in|for|with|will|old)\b/i.test(q) ||
      /(?<=^|\s)(?:of|and|or|the|a|an)\s*[?.!]/i.test(q),
  },
  { name: 'doubled word', test: (q) => /\b(\p{L}+)\s+\1\b/iu.test(q) },
  // The requirement slot (up to the first ":", "?" or sentence end) holds a sentence, not a name.
  { name: 'overlong', test: (q) => (q.split(/[?.!:](?:\s|$)/)[0] ?? '').split(/\s+/).length > 25 },
  { name: 'not a question', test: (q) => !q.includes('?') },
];

/** The rules `question` breaks; empty when a recruiter could send it as written. */
export function malformations(question: string): string[] {
  return RULES.filter((rule) => rule.test(question.trim())).map((rule) => rule.name);
}
