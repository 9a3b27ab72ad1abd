/**
 * Commercial terms in a posting (a rate, salary or fee figure, a margin or markup percentage): the
 * redaction decides with it what an external description may say, the must-have reader what is
 * no requirement. A module of its own so that reading must-haves does not load the redaction's
 * name lists and identifier patterns into every assistant handler.
 */

const MONEY =
  /(?:[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|million|bn)\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|dollars)\b|\b\d{2,3}k\b|\b\d{2,4}(?:\.\d{2})?\s?(?:\/\s?(?:hr|hour|day)|per (?:hour|day)|an hour|a day)\b)/i;
// Words that make a money figure a commercial term ("a $2M budget" in a requirement is not one).
const RATE_WORDS =
  /\b(?:rates?|pay|paid|salary|salaries|compensation|comp|margin|markup|mark-up|fee|fees|commission|bill(?:ing)?|w-?2|1099|c2c|corp[- ]to[- ]corp|per (?:hour|day)|hourly|daily|an hour|a day|ote|base salary|conversion|spread|burden|ir35|day rate)\b|\/\s?(?:hr|hour|h|day|yr|year)\b/i;
const PERCENT_WITH_TERMS =
  /\b\d{1,3}(?:\.\d+)?\s?%[^.;]*\b(?:margin|markup|mark-up|fee|commission|spread)\b|\b(?:margin|markup|mark-up|fee|commission|spread)\b[^.;]*?\b\d{1,3}(?:\.\d+)?\s?%/i;

/** Whether a sentence states commercial terms: a money figure with a rate word, or a margin or fee percentage. */
export function statesCommercialTerms(sentence: string): boolean {
  return (MONEY.test(sentence) && RATE_WORDS.test(sentence)) || PERCENT_WITH_TERMS.test(sentence);
}
