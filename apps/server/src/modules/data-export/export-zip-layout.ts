import { Readable } from 'node:stream';

/**
 * An entry of a zip whose every byte is known before the first is written: its CRC-32 and size
 * were taken when the export was built, so its headers are written with them (no data
 * descriptor) and its place in the archive is fixed.
 */
export interface ZipLayoutEntry {
  /** The path in the archive; a folder's ends with `/`. */
  name: string;
  size: number;
  crc32: number;
  modifiedAt: string;
}

/** An entry with the offset of its local header in the archive. */
export interface LaidOutEntry extends ZipLayoutEntry {
  offset: number;
}

/** Where the bytes of an entry come from: its index in the layout and a range of its data. */
export type EntryReader = (index: number, start: number, end: number) => Promise<Readable>;

const localHeaderSize = 30;
const centralRecordSize = 46;
const timestampFieldSize = 9;
const zip64CentralFieldSize = 28;
const zip64LocalFieldSize = 20;
const endRecordSize = 22;
const zip64EndSize = 56 + 20;
const max32 = 0xffffffff;
const max16 = 0xffff;
/** UTF-8 names (general purpose bit 11). */
const utf8Flag = 1 << 11;
/** Made by Unix, APPNOTE 6.3. */
const madeBy = (3 << 8) | 63;

const isFolder = (entry: ZipLayoutEntry) => entry.name.endsWith('/');
const needsZip64Size = (entry: ZipLayoutEntry) => entry.size >= max32;
const needsZip64 = (entry: LaidOutEntry) => needsZip64Size(entry) || entry.offset >= max32;

function localHeaderLength(entry: ZipLayoutEntry): number {
  return (
    localHeaderSize +
    Buffer.byteLength(entry.name) +
    (needsZip64Size(entry) ? zip64LocalFieldSize : 0)
  );
}

function centralRecordLength(entry: LaidOutEntry): number {
  return (
    centralRecordSize +
    Buffer.byteLength(entry.name) +
    timestampFieldSize +
    (needsZip64(entry) ? zip64CentralFieldSize : 0)
  );
}

/** MS-DOS date and time of a moment, in UTC (so every node writes the same bytes). */
function dosDateTime(iso: string): { date: number; time: number } {
  const clamped = Math.min(
    Math.max(Date.parse(iso) || 0, Date.UTC(1980, 0, 1)),
    Date.UTC(2107, 11, 31, 23, 59, 58),
  );
  const at = new Date(clamped);
  return {
    date: at.getUTCDate() | ((at.getUTCMonth() + 1) << 5) | ((at.getUTCFullYear() - 1980) << 9),
    time: Math.floor(at.getUTCSeconds() / 2) | (at.getUTCMinutes() << 5) | (at.getUTCHours() << 11),
  };
}

/** Gives each entry the offset of its local header; answers the archive's exact length. */
export function layOutZip(entries: readonly ZipLayoutEntry[]): {
  entries: LaidOutEntry[];
  size: number;
} {
  let cursor = 0;
  const laidOut = entries.map((entry) => {
    const placed = { ...entry, offset: cursor };
    cursor += localHeaderLength(entry) + entry.size;
    return placed;
  });
  return { entries: laidOut, size: cursor + centralDirectoryLength(laidOut, cursor) };
}

function centralDirectoryLength(entries: readonly LaidOutEntry[], start: number): number {
  const records = entries.reduce((sum, entry) => sum + centralRecordLength(entry), 0);
  const zip64 = entries.length >= max16 || records >= max32 || start >= max32;
  return records + (zip64 ? zip64EndSize : 0) + endRecordSize;
}

/** The local header of an entry: sizes and CRC-32 in it, so no data descriptor follows. */
export function localHeader(entry: ZipLayoutEntry): Buffer {
  const name = Buffer.from(entry.name);
  const zip64 = needsZip64Size(entry);
  const header = Buffer.alloc(localHeaderLength(entry));
  const { date, time } = dosDateTime(entry.modifiedAt);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? 45 : 20, 4);
  header.writeUInt16LE(utf8Flag, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(entry.crc32, 14);
  header.writeUInt32LE(zip64 ? max32 : entry.size, 18);
  header.writeUInt32LE(zip64 ? max32 : entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(zip64 ? zip64LocalFieldSize : 0, 28);
  name.copy(header, localHeaderSize);
  if (zip64) {
    const field = localHeaderSize + name.length;
    header.writeUInt16LE(0x0001, field);
    header.writeUInt16LE(16, field + 2);
    header.writeBigUInt64LE(BigInt(entry.size), field + 4);
    header.writeBigUInt64LE(BigInt(entry.size), field + 12);
  }
  return header;
}

function centralRecord(entry: LaidOutEntry): Buffer {
  const name = Buffer.from(entry.name);
  const zip64 = needsZip64(entry);
  const record = Buffer.alloc(centralRecordLength(entry));
  const { date, time } = dosDateTime(entry.modifiedAt);
  const mode = isFolder(entry) ? 0o40775 : 0o100664;
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(madeBy, 4);
  record.writeUInt16LE(zip64 ? 45 : 20, 6);
  record.writeUInt16LE(utf8Flag, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt16LE(time, 12);
  record.writeUInt16LE(date, 14);
  record.writeUInt32LE(entry.crc32, 16);
  record.writeUInt32LE(zip64 ? max32 : entry.size, 20);
  record.writeUInt32LE(zip64 ? max32 : entry.size, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt16LE(timestampFieldSize + (zip64 ? zip64CentralFieldSize : 0), 30);
  // Comment length, disk number and internal attributes stay 0; the MS-DOS folder bit beside
  // the Unix mode.
  record.writeUInt32LE(((mode << 16) | (isFolder(entry) ? 0x10 : 0)) >>> 0, 38);
  record.writeUInt32LE(zip64 ? max32 : entry.offset, 42);
  name.copy(record, centralRecordSize);
  let field = centralRecordSize + name.length;
  // Info-ZIP's extended timestamp: the modification time in UTC seconds.
  record.writeUInt16LE(0x5455, field);
  record.writeUInt16LE(5, field + 2);
  record.writeUInt8(1, field + 4);
  const seconds = Math.floor(Date.parse(entry.modifiedAt) / 1000) || 0;
  record.writeInt32LE(Math.min(Math.max(seconds, -0x80000000), 0x7fffffff), field + 5);
  field += timestampFieldSize;
  if (zip64) {
    record.writeUInt16LE(0x0001, field);
    record.writeUInt16LE(24, field + 2);
    record.writeBigUInt64LE(BigInt(entry.size), field + 4);
    record.writeBigUInt64LE(BigInt(entry.size), field + 12);
    record.writeBigUInt64LE(BigInt(entry.offset), field + 20);
  }
  return record;
}

/** The central directory and its end records (ZIP64 ones as soon as a count or offset needs). */
function centralDirectory(entries: readonly LaidOutEntry[], start: number): Buffer {
  const records = Buffer.concat(entries.map(centralRecord));
  const zip64 = entries.length >= max16 || records.length >= max32 || start >= max32;
  const end = Buffer.alloc((zip64 ? zip64EndSize : 0) + endRecordSize);
  let at = 0;
  if (zip64) {
    end.writeUInt32LE(0x06064b50, 0);
    end.writeBigUInt64LE(44n, 4);
    end.writeUInt16LE(madeBy, 12);
    end.writeUInt16LE(45, 14);
    end.writeBigUInt64LE(BigInt(entries.length), 24);
    end.writeBigUInt64LE(BigInt(entries.length), 32);
    end.writeBigUInt64LE(BigInt(records.length), 40);
    end.writeBigUInt64LE(BigInt(start), 48);
    end.writeUInt32LE(0x07064b50, 56);
    end.writeBigUInt64LE(BigInt(start + records.length), 64);
    end.writeUInt32LE(1, 72);
    at = zip64EndSize;
  }
  end.writeUInt32LE(0x06054b50, at);
  end.writeUInt16LE(Math.min(entries.length, max16), at + 8);
  end.writeUInt16LE(Math.min(entries.length, max16), at + 10);
  end.writeUInt32LE(Math.min(records.length, max32), at + 12);
  end.writeUInt32LE(zip64 ? max32 : start, at + 16);
  return Buffer.concat([records, end]);
}

/** The index of the entry whose header or data holds byte `position` (entries.length: past them). */
function entryAt(entries: readonly LaidOutEntry[], position: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((entries[middle] as LaidOutEntry).offset <= position) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return Math.max(0, low - 1);
}

/**
 * Bytes `start` to `end` (inclusive) of the zip of `entries`: it begins at the entry holding
 * `start`, reading only the part of its data from there on (`read` is never asked for an
 * earlier entry's bytes), and stops reading once `end` is sent. A reader that fails ends the
 * stream with its error, never with a short archive presented as whole.
 */
export function zipBytes(
  entries: readonly LaidOutEntry[],
  size: number,
  read: EntryReader,
  start: number,
  end: number,
): Readable {
  const last = entries.at(-1);
  const directoryStart = last === undefined ? 0 : last.offset + localHeaderLength(last) + last.size;

  /** The part of `[from, from + length)` inside the range, relative to `from`; null if none. */
  function window(from: number, length: number): { first: number; last: number } | null {
    const first = Math.max(start, from) - from;
    const lastByte = Math.min(end, from + length - 1) - from;
    return lastByte >= first ? { first, last: lastByte } : null;
  }

  async function* generate(): AsyncGenerator<Buffer> {
    for (let index = entryAt(entries, start); index < entries.length; index += 1) {
      const entry = entries[index] as LaidOutEntry;
      if (entry.offset > end) {
        return;
      }
      const header = localHeader(entry);
      const inHeader = window(entry.offset, header.length);
      if (inHeader) {
        yield header.subarray(inHeader.first, inHeader.last + 1);
      }
      const inData = window(entry.offset + header.length, entry.size);
      if (inData) {
        const source = await read(index, inData.first, inData.last);
        let sent = 0;
        for await (const chunk of source) {
          sent += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
        if (sent !== inData.last - inData.first + 1) {
          throw new Error(
            `entry ${entry.name} gave ${sent} bytes, not the ${inData.last - inData.first + 1} of its layout`,
          );
        }
      }
    }
    const inDirectory = window(directoryStart, size - directoryStart);
    if (inDirectory) {
      const directory = centralDirectory(entries, directoryStart);
      yield directory.subarray(inDirectory.first, inDirectory.last + 1);
    }
  }

  return Readable.from(generate(), { objectMode: false });
}
