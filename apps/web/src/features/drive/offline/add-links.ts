/* What the Add dialog sends when it is submitted: one offline task per link or torrent file. */
import { linkKind } from './links';
import { createTask, uploadTorrentFile } from './offline-api';
import type { TorrentSummary } from './torrent-file';
import { chosenFiles } from './torrent-file-picker';
import type { TorrentLookup } from './torrent-lookup';
import { taskFiles } from './torrent-lookup';

/** The outcome of one link of the last submit that did not become a task. */
export type LinkProblem = { link: string; message: string };

/** A `.torrent` file chosen or dropped, read in the browser, with the files left out. */
export interface ChosenTorrent {
  key: string;
  file: File;
  summary: TorrentSummary;
  skipped: ReadonlySet<string>;
}

export interface AddLinksInput {
  links: readonly string[];
  torrents: readonly ChosenTorrent[];
  lookups: Readonly<Record<string, TorrentLookup>>;
  /** `.torrent` links the member keeps as files rather than running their torrents. */
  keptAsFiles: ReadonlySet<string>;
  /** The destination folder; `""` the member's downloads folder. */
  targetId: string;
  texts: { invalidLink: string; noFilesChosen: string };
  /** The message of a refused link or upload. */
  describe: (error: unknown) => string;
}

/**
 * Creates one task per valid link (with the torrent files chosen, see `taskFiles`) and per
 * `.torrent` file (uploaded into the destination first and named by id), one after another;
 * answers how many were added and what failed, with the torrent files to keep in the dialog.
 */
export async function addLinks(input: AddLinksInput) {
  const { texts, targetId } = input;
  const failed: LinkProblem[] = input.links
    .filter((link) => linkKind(link) === 'invalid')
    .map((link) => ({ link, message: texts.invalidLink }));
  const failedTorrents: ChosenTorrent[] = [];
  let added = 0;
  for (const link of input.links) {
    if (linkKind(link) === 'invalid') {
      continue;
    }
    const lookup = input.lookups[link];
    const keptAsFile = input.keptAsFiles.has(link);
    if (
      lookup?.state === 'ready' &&
      !keptAsFile &&
      chosenFiles(lookup.files, lookup.skipped).length === 0
    ) {
      failed.push({ link, message: texts.noFilesChosen });
      continue;
    }
    const picked = taskFiles(link, lookup, keptAsFile);
    try {
      await createTask({
        url: link,
        parentId: targetId,
        ...(picked ? { files: picked } : {}),
        source: 'add_button',
      });
      added += 1;
    } catch (error) {
      failed.push({ link, message: input.describe(error) });
    }
  }
  for (const torrent of input.torrents) {
    const files = torrent.summary.files
      .map((file) => file.index)
      .filter((index) => !torrent.skipped.has(index));
    if (files.length === 0) {
      failed.push({ link: torrent.file.name, message: texts.noFilesChosen });
      failedTorrents.push(torrent);
      continue;
    }
    try {
      const fileId = await uploadTorrentFile(torrent.file, targetId);
      await createTask({
        url: fileId,
        parentId: targetId,
        ...(torrent.skipped.size > 0 ? { files } : {}),
        source: 'add_button',
      });
      added += 1;
    } catch (error) {
      failed.push({ link: torrent.file.name, message: input.describe(error) });
      failedTorrents.push(torrent);
    }
  }
  return { added, failed, failedTorrents };
}
