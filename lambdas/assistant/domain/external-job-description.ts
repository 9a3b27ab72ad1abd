import type { ExternalJobDescriptionOutput } from '../../shared/contracts/assistant';
import type { AssistantInputs } from '../engine/language-model';
import { MUST_CUE, NICE_CUE } from './must-haves';
import { scrubSensitive, type Removal } from './sensitive-data';
import { industryOf } from '../../shared/text/industry';
import { jobSections, locationInText, titleInText, type SectionRole } from '../../shared/text/job-sections';
import { splitSentences, squash } from '../../shared/text/normalize';
import { cleanTitle } from '../../shared/text/titles';

/**
 * Capability 2: a publishable job description from an internal one. Everything sensitive is
 * removed first ({@link scrubSensitive}: client names, identifying details, rates and margins,
 * contact data, internal notes); what stays is arranged in the sections candidates expect, the
 * client introduced by its industry ("our client, a fintech company"). Responsibilities and
 * requirements keep their wording.
 */

type Section = ExternalJobDescriptionOutput['sections'][number];

const HEADINGS = {
  about: 'About the role',
  duties: 'What you’ll do',
  requirements: 'What you bring',
  'nice-to-haves': 'Nice to have',
  offer: 'What’s on offer',
  location: 'Location',
} as const;
type Part = keyof typeof HEADINGS;

const OFFER =
  /\b(?:we offer|benefits?|401\(k\)|paid time off|pto|medical|dental|vision|bonus|salary|compensation|perks|pension|tuition|holidays?)\b/i;
const DUTY = /\b(?:you(?:'|’)ll|you will|will be responsible|responsible for|your day|day-to-day)\b|^the [\p{L}-]+ [\p{Ll}]+s\b/iu;
const REQUIREMENT = /\b(?:you (?:have|are|bring|must)|experience (?:in|with)|comfortable (?:with|on)|ability to|able to|background in)\b/i;

/** Sorts the sentences of prose without sections into the parts of a job ad. */
function partOfSentence(sentence: string): Part {
  if (NICE_CUE.test(sentence)) return 'nice-to-haves';
  if (MUST_CUE.test(sentence) || REQUIREMENT.test(sentence)) return 'requirements';
  if (OFFER.test(sentence)) return 'offer';
  if (DUTY.test(sentence)) return 'duties';
  return 'about';
}

const PART_OF_ROLE: Record<SectionRole, Part | null> = {
  about: 'about',
  duties: 'duties',
  requirements: 'requirements',
  'nice-to-haves': 'nice-to-haves',
  offer: 'offer',
  location: 'location',
  internal: null,
  other: null,
};

const MONEY_FIGURE = /[$€£]\s?\d/;
const STATES_PAY =
  /^(?=.*[$€£]\s?\d)(?:[-*•\s]*)(?:comp(?:ensation)?|pay(?: rate| range)?|salary(?: range)?|base(?: salary)?|wage|hourly rate|rate)\b/i;
/** A title's tail candidates search by ("Temp to Hire", "Night Shift", "Remote"), kept in the heading. */
const WORK_PATTERN =
  /\b(?:temp|temporary|contract|contractor|part[- ]time|full[- ]time|per[- ]diem|prn|shift|remote|hybrid|on[- ]site|travel|seasonal|weekends?|nights?|days|evenings?|local|regional|otr|home daily)\b/i;

/** A heading that says something itself ("Salary Range: $16 - $17 Hourly"), as a plain line; `null` for a bare heading. */
function headingStatement(heading: string): string | null {
  const plain = heading.replace(/[*_#]+/g, '').trim();
  return /[:：]\s*\S/.test(plain) && (MONEY_FIGURE.test(plain) || /\d/.test(plain)) ? plain : null;
}

function article(word: string): string {
  return /^(?:[aeiou]|[AEFHILMNORSX][A-Z]{1,4}\b|hour|honest)/i.test(word) && !/^(?:uni|use|eu|one)/i.test(word) ? 'an' : 'a';
}

/**
 * The external job description: title, sections (About the role, What you'll do, What you bring,
 * Nice to have, What's on offer, Location) and the whole as text, with every removal and its reason.
 */
export function externalJobDescription(input: AssistantInputs['job-description']): ExternalJobDescriptionOutput {
  const description = String(input?.description ?? '');
  const context = { clientNames: input?.clientNames ?? [], companyInfo: String(input?.companyInfo ?? '') };
  const scrubbed = scrubSensitive(description, context);
  const removed: Removal[] = [...scrubbed.removed];
  const scrub = (text: string) => {
    const result = scrubSensitive(text, { ...context, clientNames: [...context.clientNames] });
    for (const r of result.removed) if (!removed.some((x) => x.category === r.category && x.text === r.text)) removed.push(r);
    return squash(result.text);
  };
  const statedTitle = titleInText(scrubbed.text);
  const givenTitle = String(input?.title ?? '').trim() || statedTitle || '';
  // The role alone names it in the opening sentence; the heading keeps what candidates look for
  // after it ("Accounts Payable Clerk - Temp to Hire"), once scrubbed.
  const role = scrub(cleanTitle(givenTitle));
  const tail = / [-–—|] (.+)$/.exec(givenTitle)?.[1] ?? '';
  const aside = /\(([^()]+)\)/.exec(givenTitle)?.[1] ?? '';
  const worded = WORK_PATTERN.test(tail) ? ` - ${scrub(tail)}` : WORK_PATTERN.test(aside) ? ` (${scrub(aside)})` : '';
  const title = role ? `${role}${worded.replace(/ - $| \(\)$/, '')}` : 'Job description';
  // A town and state stay; a house number or postcode written with them goes.
  const location =
    scrub(locationInText(description) ?? '')
      .replace(/\s*\b\d[\d-]*\b/g, '')
      .replace(/[\s,]+$/, '')
      .trim() || null;

  const parts: Record<Part, string[]> = { about: [], duties: [], requirements: [], 'nice-to-haves': [], offer: [], location: [] };
  const others: Section[] = [];
  const sections = jobSections(scrubbed.text);
  const structured = sections.some((s) => s.role === 'duties' || s.role === 'requirements' || s.role === 'nice-to-haves');
  sections.forEach((section, index) => {
    // The title line ("ROLE: Enterprise Account Executive (East)") is the title, not content.
    const isTitleLine = (line: string) =>
      index < 2 && !!statedTitle && line.includes(statedTitle) && line.length <= statedTitle.length + 30;
    const lines = section.lines.filter((line) => !isTitleLine(line));
    // "**Salary Range: $16.00 - $17.00 Hourly**" heads a section and states the pay: the pay stays.
    const stated = section.heading ? headingStatement(section.heading) : null;
    if (stated) parts[MONEY_FIGURE.test(stated) ? 'offer' : (PART_OF_ROLE[section.role] ?? 'about')].push(stated);
    const part = PART_OF_ROLE[section.role];
    if (part && section.heading !== null) {
      // The pay stated under another heading ("Comp: $150k base / $300k OTE") is what's on offer.
      for (const line of lines) parts[part !== 'offer' && STATES_PAY.test(line) ? 'offer' : part].push(line);
    } else if (section.heading !== null && lines.length) others.push({ heading: section.heading, body: lines.join('\n') });
    else for (const sentence of lines.flatMap(splitSentences)) parts[structured ? 'about' : partOfSentence(sentence)].push(sentence);
  });

  const industry = industryOf(context.companyInfo, scrubbed.text);
  const client = industry ? `our client, ${industry.phrase},` : 'our client';
  // Without a title the opening names no role: "We are looking for a Job description" is nonsense.
  const wanted = role ? `${article(role)} ${role}` : 'someone';
  const intro = `We are looking for ${wanted} to join ${client}${location ? ` in ${location}` : ''}.`.replace(/,( in|\.)/, '$1');
  const paragraph = (lines: readonly string[]) => lines.join(' ');
  const bullets = (lines: readonly string[]) => lines.map((l) => `- ${l}`).join('\n');
  const out: Section[] = [{ heading: HEADINGS.about, body: paragraph([intro, ...parts.about]) }];
  if (parts.duties.length) out.push({ heading: HEADINGS.duties, body: bullets(parts.duties) });
  if (parts.requirements.length) out.push({ heading: HEADINGS.requirements, body: bullets(parts.requirements) });
  if (parts['nice-to-haves'].length) out.push({ heading: HEADINGS['nice-to-haves'], body: bullets(parts['nice-to-haves']) });
  out.push(...others);
  if (parts.offer.length) out.push({ heading: HEADINGS.offer, body: paragraph(parts.offer) });
  const where = parts.location.length ? paragraph(parts.location) : location;
  if (where) out.push({ heading: HEADINGS.location, body: where });

  const text = [title, ...out.map((s) => `${s.heading}\n${s.body}`)].join('\n\n');
  return { title, sections: out, text, removed };
}
