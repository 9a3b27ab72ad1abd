import type { ExportBlock, ExportDocument } from './document-model';

/**
 * The document as e-mail clients paste it: HTML (headings, paragraphs, lists) for the formatted
 * copy, and plain text beside it for clients that take only text.
 */

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function blockHtml(block: ExportBlock): string {
  if (block.kind === 'paragraph') return `<p>${escapeHtml(block.text)}</p>`;
  return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
}

/** A fragment of plain, inline-styled HTML (mail clients drop style sheets). */
export function documentHtml(doc: ExportDocument): string {
  const parts = [`<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(doc.title)}</h1>`];
  if (doc.subtitle) parts.push(`<p style="margin:0 0 12px"><em>${escapeHtml(doc.subtitle)}</em></p>`);
  for (const section of doc.sections) {
    parts.push(`<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(section.heading)}</h2>`);
    parts.push(...section.blocks.map(blockHtml));
  }
  return `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.4">${parts.join('')}</div>`;
}

function blockText(block: ExportBlock): string {
  return block.kind === 'paragraph' ? block.text : block.items.map((item) => `- ${item}`).join('\n');
}

/** The same document as plain text: blank lines between blocks, bullets as "- ". */
export function documentPlainText(doc: ExportDocument): string {
  const parts = [doc.subtitle ? `${doc.title}\n${doc.subtitle}` : doc.title];
  for (const section of doc.sections) parts.push(`${section.heading}\n${section.blocks.map(blockText).join('\n')}`);
  return parts.join('\n\n');
}
