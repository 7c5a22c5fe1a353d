import parseTorrent from 'parse-torrent';
import { safeFileName } from '@nimbus/contracts';
import { AppError } from '../../../http/app-error';

/** A file of a torrent as the task lists it (`params.files`) and the member picks it (`url.files`). */
export interface TorrentEntry {
  /** Position in the torrent, from 0. */
  index: number;
  /** Path inside the torrent's folder, segments joined by `/`. */
  path: string;
  size: number;
}

/** What a torrent task starts from: a magnet link, or a `.torrent` file (which carries its files). */
export interface TorrentDescription {
  infoHash: string;
  /** The torrent's name (`dn` of a magnet link, may be `''`). */
  name: string;
  /** A magnet link of the torrent (with its trackers): what the task shows as `params.url`. */
  magnet: string;
  /** Files, when known (a `.torrent` file); undefined for a magnet link. */
  files: TorrentEntry[] | undefined;
}

/** Largest `.torrent` file a task takes. */
export const maxTorrentFileBytes = 8 * 1024 * 1024;

/** How many files `params.files` lists at most. */
export const listedFilesLimit = 1000;

export function isMagnetLink(text: string): boolean {
  return /^magnet:/i.test(text.trim());
}

/** Whether a drive file is a torrent (docs/product.md#validation): a name ending `.torrent` or the type `x-bittorrent`. */
export function isTorrentFile(file: { name: string; mimeType: string }): boolean {
  return /\.torrent$/i.test(file.name) || /^application\/x-bittorrent$/i.test(file.mimeType);
}

/** The files of a parsed torrent, with paths relative to the torrent's folder. */
export function entriesOf(parsed: parseTorrent.ParsedTorrent): TorrentEntry[] {
  const files = parsed.files ?? [];
  const name = parsed.name ?? '';
  const prefix = `${name}/`;
  const nested =
    files.length > 0 &&
    name !== '' &&
    files.every((file) => file.path.split(/[\\/]/).join('/').startsWith(prefix));
  return files.map((file, index) => {
    const path = file.path.split(/[\\/]/).join('/');
    return { index, path: nested ? path.slice(prefix.length) : path, size: file.length };
  });
}

/** Reads a magnet link; what is not one with a BitTorrent info hash is the member's error. */
export function describeMagnet(text: string): TorrentDescription {
  let parsed: parseTorrent.ParsedTorrent;
  try {
    parsed = parseTorrent(text.trim());
  } catch {
    throw new AppError('invalid_argument', {
      description: 'url is not a magnet link of a torrent',
    });
  }
  if (!/^[0-9a-f]{40}$/.test(parsed.infoHash ?? '')) {
    throw new AppError('invalid_argument', {
      description: 'url is not a magnet link of a torrent',
    });
  }
  return {
    infoHash: parsed.infoHash,
    name: parsed.name ?? '',
    magnet: parseTorrent.toMagnetURI(parsed),
    files: undefined,
  };
}

/** Parses a `.torrent` file's bytes; undefined when they are not a torrent. */
export function parseTorrentBytes(bytes: Buffer): parseTorrent.ParsedTorrent | undefined {
  try {
    const parsed = parseTorrent(bytes);
    return parsed.info === undefined || parsed.files === undefined ? undefined : parsed;
  } catch {
    return undefined;
  }
}

/** Reads a `.torrent` file; one that is not a torrent is the member's error. */
export function describeTorrentFile(bytes: Buffer): TorrentDescription {
  const parsed = parseTorrentBytes(bytes);
  if (!parsed) {
    throw new AppError('invalid_argument', { description: 'The file is not a readable torrent' });
  }
  return {
    infoHash: parsed.infoHash,
    name: parsed.name ?? '',
    magnet: parseTorrent.toMagnetURI({ ...parsed, urlList: [] }),
    files: entriesOf(parsed),
  };
}

/**
 * The file indexes a member picked (`url.files`): decimal strings; absent or empty for every
 * file (null). Indexes past a known file list are the member's error.
 */
export function pickedFiles(
  files: readonly string[] | undefined,
  known: TorrentEntry[] | undefined,
): number[] | null {
  if (files === undefined || files.length === 0) {
    return null;
  }
  const picked = new Set<number>();
  for (const text of files) {
    if (!/^\d{1,7}$/.test(text)) {
      throw new AppError('invalid_argument', {
        description: 'url.files holds file indexes of the torrent ("0", "1", ...)',
      });
    }
    picked.add(Number(text));
  }
  if (known !== undefined && [...picked].some((index) => index >= known.length)) {
    throw new AppError('invalid_argument', {
      description: 'url.files names a file the torrent does not have',
    });
  }
  return [...picked].sort((a, b) => a - b);
}

/**
 * The folders and name a torrent's file is filed under (and listed as): each segment of its path
 * made safe (`safeFileName`: no direction controls, 255 bytes at most), `download` where nothing
 * of a segment is left.
 */
export function safeEntrySegments(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => safeFileName(segment) || 'download');
}

/** `params.files`: the torrent's files as a JSON string (`[{index, name, size}]`, numbers as strings), at most `listedFilesLimit`. */
export function listingParam(entries: TorrentEntry[]): string {
  return JSON.stringify(
    entries.slice(0, listedFilesLimit).map((entry) => ({
      index: String(entry.index),
      name: safeEntrySegments(entry.path).join('/'),
      size: String(entry.size),
    })),
  );
}

/**
 * A `.torrent` file of a torrent's metadata (its `info`) with the given trackers and no web
 * seeds: what a task keeps so it never asks the swarm for the metadata again.
 */
export function torrentFileOf(info: unknown, announce: readonly string[]): Buffer {
  return parseTorrent.toTorrentFile({ infoHash: '', info, announce: [...announce], urlList: [] });
}

/** Why a torrent's chosen files are not fetched at all. */
export type TorrentRefusal = 'torrent_files_missing' | 'too_large' | 'space_not_enough';

/**
 * Whether a torrent's chosen files (`chosen`, by index; null for every file) may be fetched,
 * decided once the metadata is known and before a piece is asked for: undefined when they may;
 * else why not (a file the torrent lacks, more than a download may be, more than the room left).
 */
export function refusalOf(
  sizes: readonly number[],
  chosen: readonly number[] | null,
  limits: { maxBytes: number; available: number },
): TorrentRefusal | undefined {
  const indexes = chosen ?? sizes.map((_size, index) => index);
  if (indexes.length === 0 || indexes.some((index) => index >= sizes.length)) {
    return 'torrent_files_missing';
  }
  const total = indexes.reduce((sum, index) => sum + (sizes[index] ?? 0), 0);
  if (total > limits.maxBytes) {
    return 'too_large';
  }
  return total > limits.available ? 'space_not_enough' : undefined;
}
