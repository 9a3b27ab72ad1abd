import { candidateSummaryDocument, type ExportDocument } from '../../../../../web/src/features/assistant/export/document-model';
import { winAnsi, wrapText, writePdf } from '../../../../../web/src/features/assistant/export/pdf-writer';
import { SUMMARY } from './fixtures';

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');

/** The file's objects by number, read through its cross-reference table, as a PDF reader does. */
function parsePdf(bytes: Uint8Array): { objects: Map<number, string>; trailer: string } {
  const file = latin1(bytes);
  expect(file.startsWith('%PDF-1.4\n')).toBe(true);
  expect(file.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(file)?.[1]);
  expect(file.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(file.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const entries = file
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  const objects = new Map<number, string>();
  entries.slice(1).forEach((entry, index) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    const number = index + 1;
    // Each offset points at the object it names.
    expect(file.slice(offset, offset + `${number} 0 obj\n`.length)).toBe(`${number} 0 obj\n`);
    objects.set(number, file.slice(offset, file.indexOf('\nendobj\n', offset)));
  });
  const trailer = file.slice(file.indexOf('trailer\n'), file.indexOf('startxref'));
  expect(trailer).toContain(`/Size ${count}`);
  return { objects, trailer };
}

/** Every stream's declared /Length matches its bytes. */
function streams(objects: Map<number, string>): string[] {
  return [...objects.values()]
    .filter((body) => body.includes('\nstream\n'))
    .map((body) => {
      const length = Number(/\/Length (\d+)/.exec(body)?.[1]);
      const content = body.slice(body.indexOf('\nstream\n') + 8, body.lastIndexOf('\nendstream'));
      expect(content.length).toBe(length);
      return content;
    });
}

describe('the PDF writer', () => {
  it('writes a PDF whose cross-reference offsets, stream lengths and page tree hold, with the text on the page', () => {
    const { objects, trailer } = parsePdf(writePdf(candidateSummaryDocument(SUMMARY), new Date('2026-11-20T09:00:00Z')));

    expect(trailer).toContain('/Root 1 0 R');
    expect(objects.get(1)).toContain('/Type /Catalog /Pages 2 0 R');
    expect(objects.get(2)).toContain('/Count 1');
    expect(objects.get(3)).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(objects.get(4)).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    const [page] = streams(objects);
    // The title in bold, "ë" as WinAnsi 0xEB (octal 353); a heading; a bullet (0x95) and its text.
    expect(page).toContain('/F2 20 Tf 72.00 694.00 Td (Zo\\353 Bront\\353) Tj');
    expect(page).toContain('(Highlights) Tj');
    expect(page).toContain('(\\225) Tj');
    expect(page).toContain('(Cut settlement time from 2 days to 4 hours) Tj');
    expect(objects.get(5)).toContain('/Title (Zo\\353 Bront\\353)');
  });

  it('breaks long text into lines within the margins and onto new pages', () => {
    const long: ExportDocument = {
      title: 'A long description',
      sections: Array.from({ length: 12 }, (_, index) => ({
        heading: `Section ${index + 1}`,
        blocks: [{ kind: 'paragraph', text: 'Responsible for reliable services and clear reviews. '.repeat(12) }],
      })),
      fileName: 'long',
    };
    const { objects } = parsePdf(writePdf(long));

    const pages = Number(/\/Count (\d+)/.exec(objects.get(2) ?? '')?.[1]);
    expect(pages).toBeGreaterThan(1);
    const contents = streams(objects);
    expect(contents).toHaveLength(pages);
    for (const content of contents) {
      const ys = [...content.matchAll(/ Td /g)].map((match) => Number(content.slice(0, match.index).split(' ').at(-1)));
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(72);
      expect(Math.max(...ys)).toBeLessThanOrEqual(792 - 72);
    }
    expect(contents.join('\n')).toContain('(Section 12) Tj');
  });

  it('escapes parentheses and backslashes, and writes characters WinAnsi lacks without their accents or as "?"', () => {
    const content = streams(parsePdf(writePdf({ title: 'C:\\path (draft) – “ok” ﬁle Łódź 李', sections: [], fileName: 'x' })).objects)[0];

    expect(content).toContain('(C:\\\\path \\(draft\\) \\226 \\223ok\\224 file ?\\363dz ?) Tj');
    expect(winAnsi('€•')).toEqual([0x80, 0x95]);
  });

  it('wraps at the width by Helvetica’s metrics and cuts a word longer than a line', () => {
    // "iiii" is narrow (222 each), "WWWW" wide (944 each): at 11 pt and 40 pt width, 16 i's fit on a line, 3 W's.
    expect(wrapText('i'.repeat(16), 'regular', 11, 40)).toHaveLength(1);
    expect(wrapText('WWWWWW', 'regular', 11, 40).map((line) => line.length)).toEqual([3, 3]);
  });
});
