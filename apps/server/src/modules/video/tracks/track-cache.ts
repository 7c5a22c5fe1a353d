import { Readable } from 'node:stream';
import type { BlobStore } from '../../storage/blob-store';
import type { BlobService } from '../../storage/blob.service';
import type { MediaTracksRepository, TrackCacheRecord } from './media-tracks.repository';

/** A converted track before it is stored. */
export interface TrackBytes {
  key: string;
  bytes: Buffer;
  contentType: string;
  meta?: string;
}

export interface TrackCacheDeps {
  tracks: MediaTracksRepository;
  blobs: Pick<BlobService, 'ingest' | 'release'>;
  store: Pick<BlobStore, 'get'>;
  now: () => Date;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Converted tracks by content: each is a blob of the blob store named by its source's SHA-256
 * and a key (`sub:2`, `vtt`, `board`, `sprite:0`), so the same bytes in any number of drives
 * are converted once, and every node finds what another converted.
 */
export function createTrackCache(deps: TrackCacheDeps) {
  const { tracks, blobs, now } = deps;

  return {
    find(sourceSha256: string, key: string): Promise<TrackCacheRecord | undefined> {
      return tracks.findTrack(sourceSha256, key);
    },

    /** Stores converted tracks of a source; a track another node stored first is kept, ours dropped. */
    async save(sourceSha256: string, made: TrackBytes[]): Promise<void> {
      for (const track of made) {
        const digest = await blobs.ingest(Readable.from([track.bytes]));
        const saved = await tracks.saveTrack(
          {
            sourceSha256,
            trackKey: track.key,
            blobSha256: digest.sha256,
            contentType: track.contentType,
            bytes: digest.size,
            meta: track.meta ?? '',
          },
          now().toISOString(),
        );
        if (!saved) {
          await blobs.release(digest.sha256);
        }
      }
    },

    /** The bytes of a stored track. */
    async read(record: TrackCacheRecord): Promise<Buffer> {
      return readAll(await deps.store.get(record.blobSha256));
    },

    /**
     * Drops the converted tracks of content no file references any more and releases their
     * blobs; forgets the probes of blobs that are gone. Returns how many tracks were released.
     */
    async releaseOrphans(limit = 500): Promise<number> {
      let released = 0;
      for (const track of await tracks.listOrphanedTracks(limit)) {
        if (await tracks.deleteTrack(track.sourceSha256, track.trackKey)) {
          await blobs.release(track.blobSha256);
          released += 1;
        }
      }
      await tracks.deleteOrphanedStreams();
      return released;
    },
  };
}

export type TrackCache = ReturnType<typeof createTrackCache>;
