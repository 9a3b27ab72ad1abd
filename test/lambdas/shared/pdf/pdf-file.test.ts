import { wrapText, textWidth } from '../../../../lambdas/shared/pdf/helvetica-metrics';
import { pdfString, showText, writePdfFile } from '../../../../lambdas/shared/pdf/pdf-file';
import { winAnsi } from '../../../../lambdas/shared/pdf/win-ansi';
import { writeMinimalPdf } from '../../../../lambdas/subscription/billing/minimal-pdf';
import { parsePdf } from '../../../support/pdf-structure';

/** The one PDF file format behind the web's exports and the local billing's invoices. */

describe('writePdfFile', () => {
  it('writes pages a reader can follow: header, cross-reference offsets, trailer, page tree and stream lengths', () => {
    const pages = [
      { width: 612, height: 792, content: showText('First page', 'bold', 20, 72, 700) },
      {
        width: 595,
        height: 842,
        content: [showText('Second', 'regular', 11, 56, 760), showText('page', 'regular', 11, 56, 744)].join('\n'),
      },
    ];
    const { objects, trailer, streams } = parsePdf(
      writePdfFile(pages, { title: 'Two (pages)', producer: 'tests', createdAt: new Date('2026-11-26T23:01:02Z') }),
    );

    expect(trailer).toContain('/Root 1 0 R /Info 5 0 R');
    expect(objects.get(2)).toContain('/Kids [6 0 R 8 0 R] /Count 2');
    expect(objects.get(6)).toContain('/MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents 7 0 R');
    expect(objects.get(8)).toContain('/MediaBox [0 0 595 842]');
    expect(objects.get(5)).toBe('5 0 obj\n<< /Title (Two \\(pages\\)) /Producer (tests) /CreationDate (D:20261126230102Z) >>');
    expect(streams).toEqual([
      'BT /F2 20 Tf 72.00 700.00 Td (First page) Tj ET',
      'BT /F1 11 Tf 56.00 760.00 Td (Second) Tj ET\nBT /F1 11 Tf 56.00 744.00 Td (page) Tj ET',
    ]);
  });

  it('leaves the creation date out when none is given', () => {
    const { objects } = parsePdf(writePdfFile([{ width: 100, height: 100, content: '' }], { title: 't', producer: 'p' }));

    expect(objects.get(5)).not.toContain('/CreationDate');
  });
});

describe('the text encoding', () => {
  it('escapes the string delimiters and writes bytes outside printable ASCII in octal', () => {
    expect(pdfString(winAnsi('Setup fee (Starter) \\ one-time'))).toBe('(Setup fee \\(Starter\\) \\\\ one-time)');
    expect(pdfString([0x0a, 0x7f, 0xe9])).toBe('(\\012\\177\\351)');
  });

  it('maps typography to WinAnsi, drops accents WinAnsi lacks, and writes what it cannot as "?"', () => {
    expect(winAnsi('€•–—“”‘’')).toEqual([0x80, 0x95, 0x96, 0x97, 0x93, 0x94, 0x91, 0x92]);
    expect(winAnsi('ﬁ Ł ó 李')).toEqual([...'fi ? '].map((char) => char.charCodeAt(0)).concat([0xf3, 0x20, 0x3f]));
    expect(winAnsi('a\tb\r\nc\u2009d')).toEqual([...'a b c d'].map((char) => char.charCodeAt(0)));
  });
});

describe('Helvetica metrics', () => {
  it('measures by the font’s widths', () => {
    expect(textWidth(winAnsi('iW'), 'regular', 10)).toBeCloseTo(((222 + 944) * 10) / 1000);
    expect(textWidth(winAnsi('iW'), 'bold', 10)).toBeCloseTo(((278 + 944) * 10) / 1000);
  });

  it('wraps at the width and cuts a word longer than a line', () => {
    // "i" is narrow (222), "W" wide (944): at 11 pt and 40 pt width, 16 i's fit on a line, 3 W's.
    expect(wrapText('i'.repeat(16), 'regular', 11, 40)).toHaveLength(1);
    expect(wrapText('WWWWWW', 'regular', 11, 40).map((line) => line.length)).toEqual([3, 3]);
    expect(wrapText('iii iii', 'regular', 11, 10).map((line) => String.fromCharCode(...line))).toEqual(['iii', 'iii']);
  });
});

describe('an invoice PDF', () => {
  it('parses as a PDF with its lines on one A4 page', () => {
    const { objects, streams } = parsePdf(
      writeMinimalPdf([{ text: 'Invoice 1001', size: 20 }, { text: 'Total: € 99.00' }], 'Invoice 1001'),
    );

    expect(objects.get(6)).toContain('/MediaBox [0 0 595 842]');
    expect(streams).toEqual(['BT /F1 20 Tf 56.00 756.00 Td (Invoice 1001) Tj ET\nBT /F1 11 Tf 56.00 739.50 Td (Total: \\200 99.00) Tj ET']);
  });
});
