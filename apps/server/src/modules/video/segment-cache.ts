import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What names a cached segment: the content, the rendition, the audio stream, the burned-in
 * subtitle, the number and the kind of file.
 */
export interface SegmentKey {
  sha256: string;
  rendition: string;
  audio: number | undefined;
  /** The container index of a picture subtitle stream burned into the video, if any. */
  burn?: number | undefined;
  segment: number;
  /**
   * What the file is: an MPEG-TS segment (`<n>.ts`, the default), a fragmented MP4 media segment
   * (`<n>.m4s`) or the rendition's fMP4 init segment (`init.mp4`, whatever `segment` says).
   */
  kind?: SegmentKind | undefined;
}

export type SegmentKind = 'ts' | 'm4s' | 'init';

/** The file name of a cached segment in its rendition's folder. */
export function segmentFile(key: Pick<SegmentKey, 'segment' | 'kind'>): string {
  return key.kind === 'init' ? 'init.mp4' : `${key.segment}.${key.kind ?? 'ts'}`;
}

/** Whether a file in the cache is a segment it counts. */
function isSegmentFile(name: string): boolean {
  return /^(\d+\.(ts|m4s)|init\.mp4)$/.test(name);
}

interface Entry {
  bytes: number;
  used: number;
}

/** The folder of one rendition and audio choice of a content (`<root>/ab/<sha256>/720p-a0`). */
export function renditionDir(root: string, key: Omit<SegmentKey, 'segment'>): string {
  const audio = key.audio === undefined ? 'an' : `a${key.audio}`;
  const burn = key.burn === undefined ? '' : `-s${key.burn}`;
  return path.join(root, key.sha256.slice(0, 2), key.sha256, `${key.rendition}-${audio}${burn}`);
}

/** A segment's place in any cache (`ab/<sha256>/720p-a0/3.ts`), the name it has in the bucket. */
export function segmentName(key: SegmentKey): string {
  return path.join(renditionDir('', key), segmentFile(key)).split(path.sep).join('/');
}

/**
 * Segments on local disk, addressed by content: the same film in a thousand drives is made
 * once. The sizes and last uses are kept in memory (rebuilt from the folder at first use, with
 * modification times as last uses); past `maxBytes` the least recently used segments go.
 */
export function createSegmentCache(options: { root: string; maxBytes: number; now: () => number }) {
  const { root, maxBytes, now } = options;
  const entries = new Map<string, Entry>();
  let total = 0;
  let loaded: Promise<void> | undefined;

  async function scan(dir: string): Promise<void> {
    let names: Dirent[];
    try {
      names = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name.name);
      if (name.isDirectory()) {
        if (name.name !== 'jobs') {
          await scan(full);
        }
      } else if (isSegmentFile(name.name)) {
        const stat = await fs.stat(full).catch(() => undefined);
        if (stat && !entries.has(full)) {
          entries.set(full, { bytes: stat.size, used: stat.mtimeMs });
          total += stat.size;
        }
      }
    }
  }

  function load(): Promise<void> {
    loaded ??= scan(root);
    return loaded;
  }

  function pathOf(key: SegmentKey): string {
    return path.join(renditionDir(root, key), segmentFile(key));
  }

  async function evict(): Promise<void> {
    if (total <= maxBytes) {
      return;
    }
    // Down to 90% of the budget, so eviction does not run on every new segment.
    const goal = maxBytes * 0.9;
    const oldest = [...entries.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [file, entry] of oldest) {
      if (total <= goal) {
        break;
      }
      entries.delete(file);
      total -= entry.bytes;
      await fs.rm(file, { force: true });
    }
  }

  return {
    /** Where jobs write segments before they are moved in (the same file system, for rename). */
    jobsDir: path.join(root, 'jobs'),

    /** The path of a cached segment (now counted as used), or undefined. */
    async find(key: SegmentKey): Promise<string | undefined> {
      await load();
      const file = pathOf(key);
      const entry = entries.get(file);
      if (entry) {
        entry.used = now();
        return file;
      }
      return undefined;
    },

    /** Moves a finished segment into the cache; evicts the least recently used past the budget. */
    async put(key: SegmentKey, from: string): Promise<string> {
      await load();
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const stat = await fs.stat(from);
      await fs.rename(from, file);
      const previous = entries.get(file);
      total += stat.size - (previous?.bytes ?? 0);
      entries.set(file, { bytes: stat.size, used: now() });
      await evict();
      return file;
    },

    /** Bytes held now. */
    async size(): Promise<number> {
      await load();
      return total;
    },
  };
}

export type SegmentCache = ReturnType<typeof createSegmentCache>;
