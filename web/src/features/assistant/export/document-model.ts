import type { AssistantResult } from '@contracts/assistant';

/**
 * The one model of an exported document: a title, an optional subtitle, and sections of
 * paragraphs and bullet lists. The candidate summary and the external job description become one
 * of these; the PDF writer, the Word writer and the e-mail copy (HTML and plain text) all read
 * it, so the three say the same thing.
 */

export type ExportBlock =
  { readonly kind: 'paragraph'; readonly text: string } | { readonly kind: 'bullets'; readonly items: readonly string[] };

export interface ExportSection {
  readonly heading: string;
  readonly blocks: readonly ExportBlock[];
}

export interface ExportDocument {
  readonly title: string;
  readonly subtitle?: string;
  readonly sections: readonly ExportSection[];
  /** The downloaded files' name, without extension (letters, digits and dashes). */
  readonly fileName: string;
}

/** The results that export as documents. */
export type ExportableResult = AssistantResult<'candidate-summary'> | AssistantResult<'job-description'>;

const paragraph = (text: string): ExportBlock => ({ kind: 'paragraph', text });
const bullets = (items: readonly string[]): ExportBlock => ({ kind: 'bullets', items });

/** `what-title` in lower-case ASCII letters, digits and dashes, for a file name. */
export function fileNameOf(what: string, title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug ? `${what}-${slug}` : what;
}

/**
 * A section body as the job description writes it: lines starting with "- " (or "• ", "* ") are
 * bullets, consecutive ones one list; other lines are paragraphs.
 */
export function blocksOf(body: string): ExportBlock[] {
  const blocks: ExportBlock[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length) blocks.push(bullets(items));
    items = [];
  };
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    const bullet = /^[-•*]\s+(.*)$/.exec(line);
    if (bullet) items.push(bullet[1]);
    else {
      flush();
      if (line) blocks.push(paragraph(line));
    }
  }
  flush();
  return blocks;
}

/** The client-ready candidate summary: headline, summary, highlights, skills and the fit against the job. */
export function candidateSummaryDocument(result: AssistantResult<'candidate-summary'>): ExportDocument {
  const { output } = result;
  const overview: ExportBlock[] = [paragraph(output.summary)];
  if (output.yearsOfExperience !== null) overview.push(paragraph(`Years of experience: ${output.yearsOfExperience}`));
  const sections: ExportSection[] = [{ heading: 'Summary', blocks: overview }];
  if (output.highlights.length) sections.push({ heading: 'Highlights', blocks: [bullets(output.highlights)] });
  if (output.skills.length) sections.push({ heading: 'Skills', blocks: [paragraph(output.skills.join(', '))] });
  if (output.fit) {
    const fit: ExportBlock[] = [];
    if (output.fit.met.length) fit.push(paragraph('Shown in the resume:'), bullets(output.fit.met));
    if (output.fit.missing.length) fit.push(paragraph('Not shown in the resume:'), bullets(output.fit.missing));
    if (fit.length) sections.push({ heading: 'Against the job’s must-haves', blocks: fit });
  }
  return {
    title: output.candidateName,
    subtitle: output.headline,
    sections,
    fileName: fileNameOf('candidate-summary', output.candidateName),
  };
}

/** The external job description: its title and sections, bullets kept as lists. */
export function jobDescriptionDocument(result: AssistantResult<'job-description'>): ExportDocument {
  const { output } = result;
  return {
    title: output.title,
    sections: output.sections.map((section) => ({ heading: section.heading, blocks: blocksOf(section.body) })),
    fileName: fileNameOf('job-description', output.title),
  };
}

/** The document of an exportable result. */
export function exportDocumentOf(result: ExportableResult): ExportDocument {
  return result.capability === 'candidate-summary'
    ? candidateSummaryDocument(result as AssistantResult<'candidate-summary'>)
    : jobDescriptionDocument(result as AssistantResult<'job-description'>);
}
