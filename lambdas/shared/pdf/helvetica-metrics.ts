import { WIN_ANSI_BULLET, winAnsi } from './win-ansi';
import type { PdfFont } from './pdf-file';

/**
 * Advance widths (1/1000 em) of the printable ASCII characters 32 to 126, from Adobe's
 * Helvetica and Helvetica-Bold font metrics (the Core 14 AFM files): what text wrapping needs.
 */
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
const BULLET_WIDTH = 350;
/** Beyond ASCII (accented letters, quotes, dashes), a wide average: lines wrap a little early rather than overflow. */
const OTHER_WIDTH = 600;

/** The width in points of WinAnsi `bytes` set in `font` at `size`. */
export function textWidth(bytes: readonly number[], font: PdfFont, size: number): number {
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const byte of bytes) {
    units += byte >= 32 && byte <= 126 ? table[byte - 32] : byte === WIN_ANSI_BULLET ? BULLET_WIDTH : OTHER_WIDTH;
  }
  return (units * size) / 1000;
}

/** `text` as WinAnsi lines at most `width` points wide (words longer than a line are cut). */
export function wrapText(text: string, font: PdfFont, size: number, width: number): number[][] {
  const lines: number[][] = [];
  let line: number[] = [];
  const space = winAnsi(' ');
  for (const word of text.split(/\s+/).filter(Boolean).map(winAnsi)) {
    const candidate = line.length ? [...line, ...space, ...word] : word;
    if (textWidth(candidate, font, size) <= width) {
      line = candidate;
      continue;
    }
    if (line.length) lines.push(line);
    line = [];
    let rest = word;
    while (textWidth(rest, font, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(rest.slice(0, cut), font, size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line.length) lines.push(line);
  return lines;
}
