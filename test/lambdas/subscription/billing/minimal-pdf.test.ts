import { pdfText, writeMinimalPdf } from '../../../../lambdas/subscription/billing/minimal-pdf';

/** The local invoices' PDF writer: a file any viewer opens, because its structure is exact. */

const text = (lines: string[]) =>
  Buffer.from(
    writeMinimalPdf(
      lines.map((line) => ({ text: line })),
      'Invoice 1001',
    ),
  ).toString('latin1');

describe('writeMinimalPdf', () => {
  it('starts with the PDF header and ends with %%EOF', () => {
    const pdf = text(['Invoice 1001']);
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
  });

  it('has a cross-reference table whose every offset points at its object, and a startxref pointing at the table', () => {
    const pdf = text(['Invoice 1001', 'Total: USD 99.00']);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
    const table = /xref\n0 (\d+)\n((?:\d{10} \d{5} [fn] \n)+)/.exec(pdf.slice(startxref));
    expect(table).not.toBeNull();
    const entries = table![2].match(/.{20}/gs)!;
    expect(entries).toHaveLength(Number(table![1]));
    entries.slice(1).forEach((entry, index) => {
      const offset = Number(entry.slice(0, 10));
      expect(pdf.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
    expect(pdf).toContain(`/Size ${entries.length} /Root 1 0 R`);
  });

  it("gives the content stream its exact length and shows every line's text", () => {
    const pdf = text(['Invoice 1001', 'Total: USD 99.00']);
    const [, length, stream] = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf)!;
    expect(stream.length).toBe(Number(length));
    expect(stream).toContain('(Invoice 1001) Tj');
    expect(stream).toContain('(Total: USD 99.00) Tj');
  });
});

describe('pdfText', () => {
  it('escapes the string delimiters and keeps to printable ASCII', () => {
    expect(pdfText('Setup fee (Starter) \\ one-time')).toBe('Setup fee \\(Starter\\) \\\\ one-time');
    expect(pdfText('Starter — two weeks free, “Harbor” Staffing’s €')).toBe('Starter - two weeks free, "Harbor" Staffing\'s ?');
  });
});
