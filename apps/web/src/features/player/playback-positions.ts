import type { StorageLike } from '@nimbus/client';
import { readStoredObject } from '@nimbus/client';

/*
 * Where the member stopped in each video or audio file, so the viewer's player goes on from
 * there next time (the `player-restore` event). Kept in local storage for the newest 50 files.
 */

/** Local storage key of the positions: `{<file id>: {position: seconds, at: epoch ms}}`. */
export const playbackPositionsKey = 'nimbus.player.positions';

/** Files whose position is kept; the oldest go first. */
export const maxPlaybackPositions = 50;

/** Positions this close to either end are not worth going back to, in seconds. */
const marginSeconds = 5;

interface Entry {
  position: number;
  at: number;
}

function entriesOf(storage: Pick<StorageLike, 'getItem'>): Map<string, Entry> {
  const stored = readStoredObject(storage, playbackPositionsKey) ?? {};
  const entries = new Map<string, Entry>();
  for (const [id, value] of Object.entries(stored)) {
    const { position, at } = (value ?? {}) as Partial<Entry>;
    if (
      typeof position === 'number' &&
      Number.isFinite(position) &&
      position >= 0 &&
      typeof at === 'number'
    ) {
      entries.set(id, { position, at });
    }
  }
  return entries;
}

function write(storage: StorageLike, entries: Map<string, Entry>): void {
  const newest = [...entries].sort((a, b) => b[1].at - a[1].at).slice(0, maxPlaybackPositions);
  try {
    storage.setItem(playbackPositionsKey, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Storage full or refused: the player starts at the beginning next time.
  }
}

/**
 * Remembers where playback of a file stands; a position near the start or the end (the file was
 * finished) forgets the file instead.
 */
export function rememberPlayback(
  storage: StorageLike,
  fileId: string,
  position: number,
  duration: number,
  now: number,
): void {
  const entries = entriesOf(storage);
  if (
    !Number.isFinite(position) ||
    position < marginSeconds ||
    (Number.isFinite(duration) && position > duration - marginSeconds)
  ) {
    if (entries.delete(fileId)) {
      write(storage, entries);
    }
    return;
  }
  entries.set(fileId, { position, at: now });
  write(storage, entries);
}

/** Where to go on in a file of `duration` seconds, or undefined to start at the beginning. */
export function resumePosition(
  storage: Pick<StorageLike, 'getItem'>,
  fileId: string,
  duration: number,
): number | undefined {
  const position = entriesOf(storage).get(fileId)?.position;
  if (position === undefined || position < marginSeconds) {
    return undefined;
  }
  if (Number.isFinite(duration) && position > duration - marginSeconds) {
    return undefined;
  }
  return position;
}
