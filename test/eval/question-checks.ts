/**
 * The malformed-question detector: a screening question that a recruiter could not send as is
 * because a piece of the posting was spliced into the template ("Do you hold a current All RNs
 * are required…?", "How many years of must be age or older experience?"). Each rule names what
 * it caught, so the report says why.
 */

const RULES: readonly { readonly name: string; readonly test: (question: string) => boolean }[] = [
  // "Qualifications:RN", "Pennsylvania.Previous": list items run together in the posting.
  { name: 'glued sentences', test: (q) => /\p{Ll}[.:;]\p{Lu}|\p{L}{2}\.\p{Lu}\p{Ll}{2}|\p{L}:\p{L}|[·•●]/u.test(q) },
  { name: 'cut off', test: (q) => /…|\.\.\./.test(q) },
  // A sentence of the posting inside the question: its own verb ("are required", "must be").
  {
    name: 'posting sentence inside',
    test: (q) =>
      /\b\p{Ll}\S*\s+(?:must|shall)\b/u.test(q) ||
      /!\s+\S/.test(q) ||
      // The slot opens like a sentence: "requires our benefits…", "about your please ensure…".
      /\b(?:requires|your|current|used)\s+(?:please|if|when|our|we|click|check|ensure|all|this|reasonable)\b/.test(q) ||
      /\b\p{Ll}\S*\s+(?:is|are|will be)\s+(?:(?:highly\s+)?(?:required|available|needed|expected|preferred|desired|responsible|encouraged)|a plus)\b/u.test(
        q,
      ),
  },
  // "a current All RNs", "requires About Us", "Duration: Seasonal": a sentence start or a heading mid-question.
  {
    name: 'sentence start mid-question',
    test: (q) =>
      /\b(?:a|an|the|current|of|with|in|your|used|where|requires)\s+(?:All|The|We|Our|You|This|Must|About|What|Why|Reports|Candidates?|Applicants?|Qualifications?|Requirements?|Responsibilities|Required|Preferred|Skills|Knowledge|Education|Work Environment|Physical)\b/.test(
        q,
      ) ||
      /\b(?:Duration|Shift|Pay|Location|Schedule|Hours|Benefits|Experience|Education|Skills):\s/.test(q) ||
      /\breports to:\s/i.test(q),
  },
  // "Do you hold a current Certified Nursing Assistant?": a job title asked as if it were a licence.
  {
    name: 'title as a credential',
    test: (q) => /\bhold a current (?:\S+ ){0,3}(?:Assistant|Nurse|Technician|Practitioner|Electrician|Aide|Driver)\?/i.test(q),
  },
  // "years of must be", "a year of at work", "requires old.", "experience of?".
  {
    name: 'function words collide',
    test: (q) =>
      /(?<=^|\s)(?:of|a|an|the|current|with|requires)\s+(?:must|be|are|is|and|or|to|the|a|an|of|at|in|for|with|will|old)\b/i.test(q) ||
      /(?<=^|\s)(?:of|and|or|the|a|an|as)\s*[?.!]/i.test(q),
  },
  // "How many years of 8+ years of experience…": the posting's own years inside the years question.
  { name: 'years inside years', test: (q) => /^How many years of\b.*\b(?:years?|yrs|yoe)\b.*\bdo you have/i.test(q) },
  // Pay, bonuses and benefits are offers, never requirements to ask about.
  {
    name: 'offer as a requirement',
    test: (q) => /\$\s?\d|\bpaid holidays\b|\bbenefits (?:page|package)\b|\b401\(?k\b|\bbonus\b|\bsalary\b/i.test(q),
  },
  { name: 'doubled word', test: (q) => /\b(\p{L}+)\s+\1\b/iu.test(q) },
  // The requirement slot (up to the first ":", ",", "?" or sentence end) holds a sentence, not a name.
  { name: 'overlong', test: (q) => (q.split(/[?.!:,;](?:\s|$)/)[0] ?? '').split(/\s+/).length > 25 },
  { name: 'not a question', test: (q) => !q.includes('?') },
];

/** The rules `question` breaks; empty when a recruiter could send it as written. */
export function malformations(question: string): string[] {
  return RULES.filter((rule) => rule.test(question.trim())).map((rule) => rule.name);
}
