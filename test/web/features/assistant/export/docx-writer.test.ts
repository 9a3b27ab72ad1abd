import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobDescriptionDocument } from '../../../../../web/src/features/assistant/export/document-model';
import { documentXml, writeDocx } from '../../../../../web/src/features/assistant/export/docx-writer';
import { crc32, storedZip } from '../../../../../web/src/features/assistant/export/stored-zip';
import { DESCRIPTION } from './fixtures';

/** The entries of a stored ZIP, read from its central directory as unzip does. */
function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, Uint8Array>();
  for (let index = 0; index < count; index++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.slice(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.slice(dataStart, dataStart + size);
    expect(crc32(data)).toBe(crc);
    entries.set(name, data);
    at += 46 + nameLength;
  }
  return entries;
}

/** Whether the unzip CLI is on this machine (the test then checks the archive with it too). */
function hasUnzip(): boolean {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the ZIP and Word writers', () => {
  it('computes the standard CRC-32 check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('writes a stored ZIP whose entries read back byte for byte', () => {
    const files = [
      { name: 'a.txt', data: new TextEncoder().encode('hello') },
      { name: 'dir/é.xml', data: new TextEncoder().encode('<x>ü</x>') },
    ];
    const entries = readZip(storedZip(files, new Date(2026, 10, 20, 9, 30, 14)));
    expect([...entries.keys()]).toEqual(['a.txt', 'dir/é.xml']);
    expect(new TextDecoder().decode(entries.get('dir/é.xml'))).toBe('<x>ü</x>');
  });

  it('writes a .docx package with the parts Word needs and the description’s text, headings and bullets', () => {
    const bytes = writeDocx(jobDescriptionDocument(DESCRIPTION));
    const entries = readZip(bytes);

    expect([...entries.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/_rels/document.xml.rels',
      'word/document.xml',
      'word/styles.xml',
      'word/numbering.xml',
    ]);
    const xml = new TextDecoder().decode(entries.get('word/document.xml'));
    expect(xml).toBe(documentXml(jobDescriptionDocument(DESCRIPTION)));
    expect(xml).toContain('<w:pStyle w:val="Title"/></w:pPr><w:r><w:t xml:space="preserve">Senior Backend Engineer</w:t>');
    expect(xml).toContain('<w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t xml:space="preserve">What you will do</w:t>');
    expect(xml).toContain('<w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">Review &lt;code&gt; with the team</w:t>');
    expect(xml).toContain('(remote-first) &amp; ships weekly.');
    expect(new TextDecoder().decode(entries.get('[Content_Types].xml'))).toContain('PartName="/word/document.xml"');

    if (hasUnzip()) {
      const dir = mkdtempSync(join(tmpdir(), 'docx-'));
      try {
        const file = join(dir, 'description.docx');
        writeFileSync(file, bytes);
        expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
        expect(execFileSync('unzip', ['-p', file, 'word/document.xml']).toString()).toBe(xml);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('drops the control characters XML forbids', () => {
    const xml = documentXml({ title: 'Bell\u0007 and tab\tkept', sections: [], fileName: 'x' });
    expect(xml).toContain('>Bell and tab\tkept</w:t>');
  });
});
