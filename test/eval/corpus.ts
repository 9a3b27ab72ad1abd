/**
 * Reading the evaluation corpus (/work/shared/corpus by default, see its README): postings and
 * resumes are a header block of `KEY: value` lines, one blank line, then the body.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface CorpusDocument {
  /** The file name without `.txt`, e.g. `02-registered-nurse-lpn-contract`. */
  readonly stem: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The FAMILY header, e.g. `healthcare`. */
  readonly family: string;
}

/** Splits a corpus text into its header block and body. */
export function parseDocument(stem: string, raw: string): CorpusDocument {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split < 0 ? text : text.slice(0, split);
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const m = /^([A-Z_]+):\s?(.*)$/.exec(line);
    if (m) headers[m[1]] = m[2];
  }
  return { stem, headers, body: split < 0 ? '' : text.slice(split + 2).trim(), family: headers.FAMILY ?? 'unknown' };
}

/** Every `*.txt` of `corpus/folder`, by file name. */
export function readDocuments(corpus: string, folder: 'jobs' | 'resumes'): CorpusDocument[] {
  const dir = path.join(corpus, folder);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => parseDocument(name.replace(/\.txt$/, ''), fs.readFileSync(path.join(dir, name), 'utf8')));
}
