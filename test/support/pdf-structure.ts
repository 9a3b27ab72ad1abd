/**
 * Reads a PDF file the way a reader does, asserting its structure on the way (used by the tests
 * of every PDF the product writes: the web's exports and the local billing's invoices): the
 * header, the `startxref` pointing at the cross-reference table, each table entry's offset
 * pointing at the object it names, the trailer's /Size, and each stream's /Length.
 */

export interface ParsedPdf {
  /** The objects by number, each from `n 0 obj` up to its `endobj`. */
  readonly objects: Map<number, string>;
  readonly trailer: string;
  /** The content of every stream, in object order. */
  readonly streams: string[];
}

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');

export function parsePdf(bytes: Uint8Array): ParsedPdf {
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
  const trailerStart = file.indexOf('trailer\n', startxref);
  expect(trailerStart).toBeGreaterThan(startxref);
  const trailer = file.slice(trailerStart, file.indexOf('startxref', trailerStart));
  expect(trailer).toContain(`/Size ${count}`);
  const root = Number(/\/Root (\d+) 0 R/.exec(trailer)?.[1]);
  expect(objects.get(root)).toContain('/Type /Catalog');
  const streams = [...objects.values()]
    .filter((body) => body.includes('\nstream\n'))
    .map((body) => {
      const length = Number(/\/Length (\d+)/.exec(body)?.[1]);
      const content = body.slice(body.indexOf('\nstream\n') + 8, body.lastIndexOf('\nendstream'));
      expect(content.length).toBe(length);
      return content;
    });
  return { objects, trailer, streams };
}
