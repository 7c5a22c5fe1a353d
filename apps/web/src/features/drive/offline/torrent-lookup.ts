/* What the Add dialog knows of a pasted torrent link, and what its task is sent. */
import { isTorrentLink } from './links';
import type { TorrentFileEntry } from './torrent-file';

/**
 * A torrent link's file list, asked of the link checker: for a magnet it fetches the metadata
 * from the swarm, for an http(s) link to a `.torrent` it reads the file behind the link.
 */
export type TorrentLookup =
  | { state: 'loading' }
  | { state: 'ready'; name: string; files: TorrentFileEntry[]; skipped: ReadonlySet<string> }
  | { state: 'failed'; name: string; message: string };

/**
 * The `url.files` of a link's task (docs/api.md#tasks): the chosen indexes when some are left out;
 * `[]` (every file) for a `.torrent` link whose torrent was read, since its presence is what runs
 * the torrent rather than saving the file; none for a plain link, a magnet with every file or
 * none known, or a `.torrent` link kept as a file or not read.
 */
export function taskFiles(
  link: string,
  lookup: TorrentLookup | undefined,
  keptAsFile: boolean,
): string[] | undefined {
  if (lookup?.state !== 'ready' || keptAsFile) {
    return undefined;
  }
  if (lookup.skipped.size > 0) {
    return lookup.files.map((file) => file.index).filter((index) => !lookup.skipped.has(index));
  }
  return isTorrentLink(link) ? [] : undefined;
}

/** The last part of a link's path, decoded where it can be: `Disc 1.torrent`. */
export function fileNameOf(link: string): string {
  const last = new URL(link).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
