/**
 * Contact data in resumes: e-mail addresses, phone numbers, web addresses and street addresses.
 * A summary sent to a client must carry none of them (the client would go around the recruiter),
 * so candidate summaries strip them from everything they write. Dates ("2019 – 2021"), amounts
 * ("$1.2B"), percentages and licence numbers are not contact data and stay.
 */

// Starting only where a word starts: a 20,000-letter word is scanned once, not once per letter.
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
/** With a scheme, "www.", or a bare domain ("linkedin.com/in/…"); a lower-case ending, so "ASP.NET" stays. */
const URL =
  /\b(?:[Hh][Tt][Tt][Pp][Ss]?:\/\/|[Ww][Ww][Ww]\.)[^\s<>()]+|(?<![A-Za-z0-9.-])(?:[A-Za-z0-9-]+\.)+(?:com|net|org|io|dev|me|co|info|ai|app)(?:\/[^\s<>()]*)?(?=$|[\s,;·|)])/g;
/**
 * "(206) 555-0147", "+1 720-555-0188", "312.555.0119", "+44 20 7946 0958", a bare "555-0133" or
 * "2065550147". Not after "#" or "/" (licence numbers, dates) and not inside a longer number.
 */
const PHONE =
  /(?<![\w#/.,-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\d{2,4}[\s.-])?\d{3}[\s.-]\d{4}(?![\w/-])|(?<![\w#/-])\+\d{1,3}(?:[\s.-]?\d{2,4}){2,4}(?![\w/-])|(?<![\w#/.,-])\d{10}(?![\w/.,-])/g;
/** "4410 N Clarendon Ave, Chicago, IL 60640": a number, a street name and a street word (city and ZIP when they follow). */
const STREET =
  /(?:\b(?:Apt|Suite|Ste|Unit)\.?\s*[\w-]+,?\s*)?\b\d{1,6}\s+(?:[NSEW]\.?\s+)?(?:[A-Z][\w'-]*\s+){1,4}(?:Ave(?:nue)?|St(?:reet)?|Rd|Road|Blvd|Boulevard|Dr(?:ive)?|Ln|Lane|Way|Ct|Court|Pl(?:ace)?|Pkwy|Parkway|Ter(?:race)?|Cir(?:cle)?|Hwy|Highway)\b\.?(?:,?\s*(?:Apt|Suite|Ste|Unit|#)\.?\s*[\w-]+)?(?:,\s*[A-Z][\w .'-]+)?(?:,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?)?/g;
/** A ZIP code right after a state ("IL 60640"), in case the street was written otherwise. */
const ZIP = /\b([A-Z]{2})\s+\d{5}(?:-\d{4})?\b/g;

/** The text without e-mails, web addresses, phones and street addresses, separators tidied. */
export function stripContact(text: string): string {
  return (
    String(text ?? '')
      .replace(EMAIL, ' ')
      .replace(URL, ' ')
      .replace(STREET, ' ')
      .replace(PHONE, ' ')
      .replace(ZIP, '$1')
      // Labels left without their value ("Phone:", "E-mail").
      .replace(/(^|[·|•]\s*)(?:phone|mobile|cell|tel\.?|e-?mail|linkedin|github|website|address)\s*:?\s*(?=$|[·|•,;])/gim, '$1')
      .split('\n')
      .map((line) =>
        line
          // Separators matched from the start of a blank run only, so a long run is read once.
          .replace(/(?<!\s)(?:\s*[·|•,;]\s*){2,}/g, ' · ')
          .replace(/^\s*[·|•,;:]\s*|(?<!\s)\s*[·|•,;:]\s*$/g, '')
          .replace(/[ \t]{2,}/g, ' ')
          .trim(),
      )
      .join('\n')
  );
}

/** Whether a text holds any contact data (used by tests and as a last check on summaries). */
export function hasContact(text: string): boolean {
  const source = String(text ?? '');
  return [EMAIL, URL, PHONE, STREET].some((pattern) => {
    pattern.lastIndex = 0;
    const found = pattern.test(source);
    pattern.lastIndex = 0;
    return found;
  });
}
