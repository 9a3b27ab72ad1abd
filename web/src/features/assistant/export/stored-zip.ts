/**
 * A minimal ZIP writer: every file stored (method 0, no compression), which every ZIP reader and
 * Word accept. Enough for a .docx of a few kilobytes without a compression library. Layout per
 * the ZIP application note (PKWARE APPNOTE.TXT, sections 4.3.7, 4.3.12 and 4.3.16).
 */

export interface ZipEntry {
  readonly name: string;
  readonly data: Uint8Array;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, the ZIP checksum) of `data`. */
export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS time and date, the ZIP headers' format (two-second precision, local time). */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

class ByteWriter {
  private readonly chunks: Uint8Array[] = [];
  length = 0;

  u16(value: number): void {
    this.bytes(new Uint8Array([value & 0xff, (value >>> 8) & 0xff]));
  }

  u32(value: number): void {
    this.bytes(new Uint8Array([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff]));
  }

  bytes(data: Uint8Array): void {
    this.chunks.push(data);
    this.length += data.length;
  }

  result(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

/** UTF-8 file names (general purpose flag bit 11). */
const UTF8_NAMES = 0x0800;
const VERSION = 20;

/** The ZIP archive of `entries`, in their order, dated `at`. */
export function storedZip(entries: readonly ZipEntry[], at = new Date()): Uint8Array {
  const { time, date } = dosDateTime(at);
  const encoder = new TextEncoder();
  const out = new ByteWriter();
  const central = new ByteWriter();
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const crc = crc32(entry.data);
    const offset = out.length;
    // Local file header.
    out.u32(0x04034b50);
    out.u16(VERSION);
    out.u16(UTF8_NAMES);
    out.u16(0);
    out.u16(time);
    out.u16(date);
    out.u32(crc);
    out.u32(entry.data.length);
    out.u32(entry.data.length);
    out.u16(name.length);
    out.u16(0);
    out.bytes(name);
    out.bytes(entry.data);
    // Its central directory record.
    central.u32(0x02014b50);
    central.u16(VERSION);
    central.u16(VERSION);
    central.u16(UTF8_NAMES);
    central.u16(0);
    central.u16(time);
    central.u16(date);
    central.u32(crc);
    central.u32(entry.data.length);
    central.u32(entry.data.length);
    central.u16(name.length);
    central.u16(0);
    central.u16(0);
    central.u16(0);
    central.u16(0);
    central.u32(0);
    central.u32(offset);
    central.bytes(name);
  }
  const centralOffset = out.length;
  const directory = central.result();
  out.bytes(directory);
  // End of central directory.
  out.u32(0x06054b50);
  out.u16(0);
  out.u16(0);
  out.u16(entries.length);
  out.u16(entries.length);
  out.u32(directory.length);
  out.u32(centralOffset);
  out.u16(0);
  return out.result();
}
