import { Readable } from 'node:stream';
import { AppError } from '../../http/app-error';
import type { BlobStore } from '../storage/blob-store';
import type { BlobService } from '../storage/blob.service';
import { avatarMaxBytes, detectAvatarType } from './avatar-image';
import type { AvatarRepository } from './avatar.repository';

export interface AvatarServiceDeps {
  avatars: AvatarRepository;
  blobs: Pick<BlobService, 'ingest' | 'release'>;
  store: Pick<BlobStore, 'get'>;
  /** The site's public origin; avatar URLs are `${publicUrl}/v1/user/avatar/<sha256>`. */
  publicUrl: string;
  now: () => Date;
}

/** An avatar's bytes to send, with the type found in them at upload. */
export interface AvatarContent {
  sha256: string;
  type: string;
  body: Readable;
}

const sha256Pattern = /^[0-9a-f]{64}$/;

/**
 * Where Nimbus serves a stored avatar: its own origin, so showing it to anyone (a share's
 * visitors) tells no third party who looked.
 */
export function avatarUrlOf(publicUrl: string, sha256: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/v1/user/avatar/${sha256}`;
}
// Two uploads racing on one account: the loser retries against the winner's avatar.
const maxReplaceAttempts = 3;

/**
 * Uploaded avatars: stored as blobs (one reference held by the member's row), served only while
 * they are some member's current avatar, so the avatar path never exposes other blobs.
 */
export function createAvatarService(deps: AvatarServiceDeps) {
  function urlOf(sha256: string): string {
    return avatarUrlOf(deps.publicUrl, sha256);
  }

  /** Points the row at `next` (or at nothing) and releases the avatar it held before. */
  async function swap(
    userId: string,
    next: { sha256: string; type: string } | null,
  ): Promise<void> {
    for (let attempt = 0; attempt < maxReplaceAttempts; attempt += 1) {
      const current = await deps.avatars.findOfUser(userId);
      if (!current) {
        throw new AppError('unauthenticated');
      }
      const replaced = await deps.avatars.replace(
        userId,
        current.sha256,
        next === null
          ? { sha256: null, type: null, picture: '' }
          : { sha256: next.sha256, type: next.type, picture: urlOf(next.sha256) },
        deps.now(),
      );
      if (replaced) {
        if (current.sha256 !== null) {
          await deps.blobs.release(current.sha256);
        }
        return;
      }
    }
    throw new AppError('aborted', { description: 'The avatar changed meanwhile; send it again' });
  }

  return {
    /**
     * Stores an uploaded image as the member's avatar. Its type comes from its bytes: anything
     * but PNG, JPEG, GIF or WebP (SVG included) is `invalid_argument`.
     */
    async upload(userId: string, bytes: Buffer): Promise<void> {
      if (bytes.length > avatarMaxBytes) {
        throw new AppError('payload_too_large', { description: 'An avatar may be at most 2 MiB' });
      }
      const type = detectAvatarType(bytes);
      if (type === undefined) {
        throw new AppError('invalid_argument', {
          description: 'The avatar must be a PNG, JPEG, GIF or WebP image',
        });
      }
      const digest = await deps.blobs.ingest(Readable.from([bytes]), {
        expectedSize: bytes.length,
      });
      try {
        await swap(userId, { sha256: digest.sha256, type });
      } catch (error) {
        // The row never took the reference ingest gave us.
        await deps.blobs.release(digest.sha256);
        throw error;
      }
    },

    /** Removes the member's uploaded avatar; the profile's picture becomes "". */
    async remove(userId: string): Promise<void> {
      await swap(userId, null);
    },

    /** An avatar that is some member's current one; any other hash, blob or not, is `not_found`. */
    async open(sha256: string): Promise<AvatarContent> {
      const type = sha256Pattern.test(sha256)
        ? await deps.avatars.findCurrentType(sha256)
        : undefined;
      if (type === undefined) {
        throw new AppError('not_found', { description: 'No such avatar' });
      }
      return { sha256, type, body: await deps.store.get(sha256) };
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
