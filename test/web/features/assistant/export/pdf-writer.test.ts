/** @jest-environment ./test/support/backend-environment.js */
import { candidateSummaryDocument, type ExportDocument } from '../../../../../web/src/features/assistant/export/document-model';
import { writePdf } from '../../../../../web/src/features/assistant/export/pdf-writer';
import { parsePdf } from '../../../../support/pdf-structure';
import { SUMMARY } from './fixtures';

/** The export's PDF layout; the file format itself is tested with lambdas/shared/pdf (test/lambdas/shared/pdf). */
describe('the PDF writer', () => {
  it('writes a PDF whose cross-reference offsets, stream lengths and page tree hold, with the text on the page', () => {
    const { objects, trailer, streams } = parsePdf(writePdf(candidateSummaryDocument(SUMMARY), new Date('2026-11-20T09:00:00Z')));

    expect(trailer).toContain('/Root 1 0 R');
    expect(objects.get(1)).toContain('/Type /Catalog /Pages 2 0 R');
    expect(objects.get(2)).toContain('/Count 1');
    expect(objects.get(3)).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(objects.get(4)).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    const [page] = streams;
    // The title in bold, "ë" as WinAnsi 0xEB (octal 353); a heading; a bullet (0x95) and its text.
    expect(page).toContain('/F2 20 Tf 72.00 694.00 Td (Zo\\353 Bront\\353) Tj');
    expect(page).toContain('(Highlights) Tj');
    expect(page).toContain('(\\225) Tj');
    expect(page).toContain('(Cut settlement time from 2 days to 4 hours) Tj');
    expect(objects.get(5)).toContain('/Title (Zo\\353 Bront\\353)');
    expect(objects.get(5)).toContain('/CreationDate (D:20261120090000Z)');
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
    const { objects, streams: contents } = parsePdf(writePdf(long));

    const pages = Number(/\/Count (\d+)/.exec(objects.get(2) ?? '')?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(contents).toHaveLength(pages);
    for (const content of contents) {
      const ys = [...content.matchAll(/ Td /g)].map((match) => Number(content.slice(0, match.index).split(' ').at(-1)));
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(72);
      expect(Math.max(...ys)).toBeLessThanOrEqual(792 - 72);
    }
    expect(contents.join('\n')).toContain('(Section 12) Tj');
  });

  it('escapes parentheses and backslashes, and writes characters WinAnsi lacks without their accents or as "?"', () => {
    const [content] = parsePdf(writePdf({ title: 'C:\\path (draft) – “ok” ﬁle Łódź 李', sections: [], fileName: 'x' })).streams;

    expect(content).toContain('(C:\\\\path \\(draft\\) \\226 \\223ok\\224 file ?\\363dz ?) Tj');
  });
});
