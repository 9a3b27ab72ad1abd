import type { ExportBlock, ExportDocument } from './document-model';
import { storedZip } from './stored-zip';

/**
 * A minimal Word document (.docx, Office Open XML, ECMA-376 Part 1): the package's content types
 * and relationships, the document, its styles (Title, Subtitle, Heading 1, List Paragraph, so
 * Word's navigation pane and screen readers see the headings) and one bullet numbering, stored
 * in a ZIP.
 */

export const DOCX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Whether a UTF-16 code unit may appear in XML 1.0 text (tab, line feed, carriage return, and from space on, but U+FFFE/FFFF). */
function allowedInXml(code: number): boolean {
  return code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
}

/** Text as XML character data: escaped, and without the control characters XML 1.0 forbids. */
export function xmlText(text: string): string {
  return Array.from(text)
    .filter((char) => allowedInXml(char.charCodeAt(0)))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const CONTENT_TYPES = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>
</Types>`;

const PACKAGE_RELATIONSHIPS = `${XML_DECLARATION}<Relationships xmlns="${RELATIONSHIPS}">
<Relationship Id="rId1" Type="${OFFICE_RELATIONSHIP}/officeDocument" Target="word/document.xml"/>
</Relationships>`;

const DOCUMENT_RELATIONSHIPS = `${XML_DECLARATION}<Relationships xmlns="${RELATIONSHIPS}">
<Relationship Id="rId1" Type="${OFFICE_RELATIONSHIP}/styles" Target="styles.xml"/>
<Relationship Id="rId2" Type="${OFFICE_RELATIONSHIP}/numbering" Target="numbering.xml"/>
</Relationships>`;

/** A paragraph style: `size` in half-points, spacing in twentieths of a point. */
function paragraphStyle(id: string, name: string, run: string, paragraph: string, outlineLevel?: number): string {
  const outline = outlineLevel === undefined ? '' : `<w:outlineLvl w:val="${outlineLevel}"/>`;
  return `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr>${paragraph}${outline}</w:pPr><w:rPr>${run}</w:rPr></w:style>`;
}

const STYLES = `${XML_DECLARATION}<w:styles xmlns:w="${W}">
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>
${paragraphStyle('Title', 'Title', '<w:b/><w:sz w:val="40"/><w:szCs w:val="40"/>', '<w:spacing w:after="60"/>')}
${paragraphStyle('Subtitle', 'Subtitle', '<w:i/><w:color w:val="404040"/><w:sz w:val="24"/><w:szCs w:val="24"/>', '<w:spacing w:after="240"/>')}
${paragraphStyle('Heading1', 'heading 1', '<w:b/><w:sz w:val="28"/><w:szCs w:val="28"/>', '<w:keepNext/><w:spacing w:before="240" w:after="80"/>', 0)}
${paragraphStyle('ListParagraph', 'List Paragraph', '', '<w:spacing w:after="60"/><w:ind w:left="720"/><w:contextualSpacing/>')}
</w:styles>`;

const NUMBERING = `${XML_DECLARATION}<w:numbering xmlns:w="${W}">
<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
</w:numbering>`;

function paragraph(text: string, style?: string, bulleted = false): string {
  const properties =
    style || bulleted
      ? `<w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}${bulleted ? '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>' : ''}</w:pPr>`
      : '';
  return `<w:p>${properties}<w:r><w:t xml:space="preserve">${xmlText(text)}</w:t></w:r></w:p>`;
}

function blockXml(block: ExportBlock): string {
  return block.kind === 'paragraph' ? paragraph(block.text) : block.items.map((item) => paragraph(item, 'ListParagraph', true)).join('');
}

/** word/document.xml of `doc`, on US Letter with one-inch margins. */
export function documentXml(doc: ExportDocument): string {
  const body = [paragraph(doc.title, 'Title')];
  if (doc.subtitle) body.push(paragraph(doc.subtitle, 'Subtitle'));
  for (const section of doc.sections) body.push(paragraph(section.heading, 'Heading1'), ...section.blocks.map(blockXml));
  const page =
    '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>';
  return `${XML_DECLARATION}<w:document xmlns:w="${W}"><w:body>${body.join('\n')}${page}</w:body></w:document>`;
}

/** The .docx file of `doc`. */
export function writeDocx(doc: ExportDocument, at = new Date()): Uint8Array {
  const encoder = new TextEncoder();
  return storedZip(
    [
      { name: '[Content_Types].xml', data: encoder.encode(CONTENT_TYPES) },
      { name: '_rels/.rels', data: encoder.encode(PACKAGE_RELATIONSHIPS) },
      { name: 'word/_rels/document.xml.rels', data: encoder.encode(DOCUMENT_RELATIONSHIPS) },
      { name: 'word/document.xml', data: encoder.encode(documentXml(doc)) },
      { name: 'word/styles.xml', data: encoder.encode(STYLES) },
      { name: 'word/numbering.xml', data: encoder.encode(NUMBERING) },
    ],
    at,
  );
}
