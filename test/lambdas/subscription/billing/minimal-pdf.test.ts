import { writeMinimalPdf } from '../../../../lambdas/subscription/billing/minimal-pdf';
import { parsePdf } from '../../../support/pdf-structure';

/** The local invoices' PDF: a file any viewer opens, because its structure is exact (test/support/pdf-structure.ts checks it). */

const invoice = (lines: string[]) =>
  parsePdf(
    writeMinimalPdf(
      lines.map((line) => ({ text: line })),
      'Invoice 1001',
    ),
  );

describe('writeMinimalPdf', () => {
  it('writes one page whose content stream shows every line, each on its own baseline', () => {
    const { objects, streams } = invoice(['Invoice 1001', 'Total: USD 99.00']);

    expect(objects.get(2)).toContain('/Count 1');
    expect(streams).toHaveLength(1);
    expect(streams[0]).toContain('Td (Invoice 1001) Tj');
    expect(streams[0]).toContain('Td (Total: USD 99.00) Tj');
    const baselines = [...streams[0].matchAll(/ ([\d.]+) Td /g)].map((match) => Number(match[1]));
    expect(baselines).toEqual([769.5, 753]);
  });

  it('writes the title into the document information, escaped', () => {
    const { objects, trailer } = invoice(['Invoice 1001']);

    expect(trailer).toContain('/Info 5 0 R');
    expect(objects.get(5)).toContain('/Title (Invoice 1001) /Producer (local billing)');
  });

  it('keeps typography as WinAnsi characters and escapes the string delimiters', () => {
    const { streams } = invoice(['Setup fee (Starter — “Harbor” Staffing’s) \\ €']);

    expect(streams[0]).toContain('(Setup fee \\(Starter \\227 \\223Harbor\\224 Staffing\\222s\\) \\\\ \\200) Tj');
  });
});
