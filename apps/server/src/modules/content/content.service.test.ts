import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../drive/file.repository';
import { createLinkSigner } from './content-link';
import { createContentService } from './content.service';
import type { MediaInfo } from './media.repository';
import type { MediaService } from './media.service';

const now = () => new Date('2030-01-01T00:00:00Z');

function record(name: string, extension: string, category: string): FileRecord {
  return {
    id: 'f1',
    userId: 'u1',
    parentId: '',
    kind: 'file',
    name,
    nameKey: name.toLowerCase(),
    size: 1000,
    sha256: 'a'.repeat(64),
    gcid: 'B'.repeat(40),
    mimeType: '',
    fileExtension: extension,
    fileCategory: category,
    phase: 'PHASE_TYPE_COMPLETE',
    starred: false,
    trashed: 0,
    trashedAt: null,
    originalParentId: null,
    originalPath: null,
    createdAt: now().toISOString(),
    modifiedAt: now().toISOString(),
    params: {},
    folderType: 'NORMAL',
  };
}

/** A media service that knows one answer, as ffprobe would give it. */
function mediaKnowing(
  info: Omit<MediaInfo, 'sha256'>,
  ffmpeg = false,
): Pick<MediaService, 'tools' | 'analyze' | 'knownInfos' | 'thumbnail'> {
  return {
    tools: { ffprobe: true, ffmpeg },
    analyze: async (source) => ({ ...info, sha256: source.sha256 }),
    knownInfos: async (sha256s) => new Map(sha256s.map((sha256) => [sha256, { ...info, sha256 }])),
    thumbnail: async () => undefined,
  };
}

function service(media: Pick<MediaService, 'tools' | 'analyze' | 'knownInfos' | 'thumbnail'>) {
  return createContentService({
    files: {
      get: async () => {
        throw new Error('not used');
      },
      selectionTree: async () => [],
    },
    store: {
      get: async () => {
        throw new Error('not used');
      },
    },
    signer: createLinkSigner({
      key: new Uint8Array(32),
      origin: 'https://content.example',
      ttlSeconds: 60,
      now,
    }),
    media,
    now,
  });
}

const video = {
  detectedType: 'video/x-matroska',
  kind: 'video' as const,
  width: 1920,
  height: 1080,
  durationMs: 61_400,
  videoCodec: 'h264',
  audioCodec: 'aac',
};

describe('the links of a File', () => {
  it('describes a video rendition with its facts in medias and params', async () => {
    const fields = await service(mediaKnowing(video)).linker.forFile(
      'u1',
      record('film.mkv', 'mkv', 'VIDEO'),
      {},
    );
    expect(fields.params).toEqual({ width: '1920', height: '1080', duration: '61' });
    expect(fields.medias).toMatchObject([
      {
        media_id: 'f1',
        is_origin: true,
        is_default: true,
        is_playable: true,
        video: { width: 1920, height: 1080, duration: 61, video_codec: 'h264', audio_codec: 'aac' },
      },
    ]);
    // No ffmpeg: no frame to draw a thumbnail from.
    expect(fields.thumbnail_link).toBe('');
  });

  it('flags eac3 audio as unplayable', async () => {
    const fields = await service(mediaKnowing({ ...video, audioCodec: 'eac3' })).linker.forFile(
      'u1',
      record('film.mkv', 'mkv', 'VIDEO'),
      {},
    );
    expect(fields.medias).toMatchObject([{ is_playable: false, unsupported_codecs: ['eac3'] }]);
  });

  it('offers a frame thumbnail of a video when ffmpeg is installed', async () => {
    const fields = await service(mediaKnowing(video, true)).linker.forFile(
      'u1',
      record('film.mkv', 'mkv', 'VIDEO'),
      { thumbnailSize: 'SIZE_LARGE' },
    );
    expect(fields.thumbnail_link).toMatch(
      /^https:\/\/content\.example\/content\/v1\/[^/]+\/film\.mkv\.webp$/,
    );
  });

  it('takes the category the bytes show when the name says nothing', async () => {
    const audio = {
      detectedType: 'audio/mpeg',
      kind: 'audio' as const,
      width: 0,
      height: 0,
      durationMs: 0,
      videoCodec: '',
      audioCodec: 'mp3',
    };
    const fields = await service(mediaKnowing(audio)).linker.forFile(
      'u1',
      record('track', '', 'OTHER'),
      {},
    );
    expect(fields.file_category).toBe('AUDIO');
    expect(fields.medias).toHaveLength(1);
  });
});
