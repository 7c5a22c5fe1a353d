/*
 * A `.torrent` file turned into the magnet link an offline task takes: the info hash is the
 * SHA-1 of the bencoded `info` dictionary exactly as the file holds it, so the file is read
 * with a small bencode reader that remembers where each value starts and ends.
 */

/** One file of a torrent; `index` is what `url.files` of an offline task names. */
export interface TorrentFileEntry {
  index: string;
  /** The path inside the torrent, parts joined with `/`. */
  name: string;
  size: number;
}

/** What the Add dialog needs of a torrent. */
export interface TorrentSummary {
  /** 40 lower-case hex digits. */
  infoHash: string;
  name: string;
  trackers: string[];
  /** In the torrent's order. */
  files: TorrentFileEntry[];
}

type Value = number | Uint8Array | Value[] | Map<string, Value>;

/** A file that is not a torrent. */
export class TorrentFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TorrentFormatError';
  }
}

const decoder = new TextDecoder();

/** Reads one bencoded value at `start`; gives the value and where it ends. */
function readValue(
  bytes: Uint8Array,
  start: number,
  spans: Map<string, [number, number]>,
  depth: number,
): [Value, number] {
  if (depth > 64) {
    throw new TorrentFormatError('nested too deep');
  }
  const head = bytes[start];
  if (head === undefined) {
    throw new TorrentFormatError('truncated');
  }
  if (head === 0x69 /* i */) {
    const end = bytes.indexOf(0x65, start);
    if (end < 0) {
      throw new TorrentFormatError('unterminated integer');
    }
    return [Number(decoder.decode(bytes.subarray(start + 1, end))), end + 1];
  }
  if (head === 0x6c /* l */) {
    const list: Value[] = [];
    let at = start + 1;
    while (bytes[at] !== 0x65) {
      const [value, next] = readValue(bytes, at, spans, depth + 1);
      list.push(value);
      at = next;
    }
    return [list, at + 1];
  }
  if (head === 0x64 /* d */) {
    const map = new Map<string, Value>();
    let at = start + 1;
    while (bytes[at] !== 0x65) {
      const [key, afterKey] = readValue(bytes, at, spans, depth + 1);
      if (!(key instanceof Uint8Array)) {
        throw new TorrentFormatError('a dictionary key is not a string');
      }
      const name = decoder.decode(key);
      const [value, next] = readValue(bytes, afterKey, spans, depth + 1);
      if (depth === 0) {
        spans.set(name, [afterKey, next]);
      }
      map.set(name, value);
      at = next;
    }
    return [map, at + 1];
  }
  if (head >= 0x30 && head <= 0x39) {
    const colon = bytes.indexOf(0x3a, start);
    if (colon < 0) {
      throw new TorrentFormatError('unterminated string length');
    }
    const length = Number(decoder.decode(bytes.subarray(start, colon)));
    const end = colon + 1 + length;
    if (!Number.isSafeInteger(length) || end > bytes.length) {
      throw new TorrentFormatError('truncated string');
    }
    return [bytes.subarray(colon + 1, end), end];
  }
  throw new TorrentFormatError('not bencode');
}

function text(value: Value | undefined): string {
  return value instanceof Uint8Array ? decoder.decode(value) : '';
}

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Reads a torrent's info hash, name and trackers. Throws `TorrentFormatError` for other files. */
export async function readTorrent(bytes: Uint8Array): Promise<TorrentSummary> {
  const spans = new Map<string, [number, number]>();
  let root: Value;
  try {
    [root] = readValue(bytes, 0, spans, 0);
  } catch (error) {
    throw error instanceof TorrentFormatError ? error : new TorrentFormatError('not bencode');
  }
  const infoSpan = spans.get('info');
  if (!(root instanceof Map) || !infoSpan || !(root.get('info') instanceof Map)) {
    throw new TorrentFormatError('no info dictionary');
  }
  const info = root.get('info') as Map<string, Value>;
  const digest = await crypto.subtle.digest('SHA-1', bytes.slice(infoSpan[0], infoSpan[1]));
  const trackers = new Set<string>();
  const announce = text(root.get('announce'));
  if (announce !== '') {
    trackers.add(announce);
  }
  const tiers = root.get('announce-list');
  if (Array.isArray(tiers)) {
    for (const tier of tiers) {
      for (const tracker of Array.isArray(tier) ? tier : []) {
        const url = text(tracker);
        if (url !== '') {
          trackers.add(url);
        }
      }
    }
  }
  const name = text(info.get('name'));
  const listed = info.get('files');
  const files: TorrentFileEntry[] = Array.isArray(listed)
    ? listed.map((entry, index) => {
        const fields = entry instanceof Map ? entry : new Map<string, Value>();
        const path = fields.get('path.utf-8') ?? fields.get('path');
        const parts = Array.isArray(path) ? path.map(text) : [];
        const length = fields.get('length');
        return {
          index: String(index),
          name: parts.join('/'),
          size: typeof length === 'number' ? length : 0,
        };
      })
    : [
        {
          index: '0',
          name,
          size: typeof info.get('length') === 'number' ? (info.get('length') as number) : 0,
        },
      ];
  return { infoHash: hex(digest), name, trackers: [...trackers], files };
}

/** The magnet link of a torrent: its info hash, its name and its trackers. */
export function magnetOf(torrent: TorrentSummary): string {
  const parts = [`xt=urn:btih:${torrent.infoHash}`];
  if (torrent.name !== '') {
    parts.push(`dn=${encodeURIComponent(torrent.name)}`);
  }
  for (const tracker of torrent.trackers.slice(0, 20)) {
    parts.push(`tr=${encodeURIComponent(tracker)}`);
  }
  return `magnet:?${parts.join('&')}`;
}
