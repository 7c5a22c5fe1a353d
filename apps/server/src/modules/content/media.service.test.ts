import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import type { MediaInfo, MediaRepository } from './media.repository';
import {
  createMediaService,
  detectType,
  isUtf8Text,
  kindOfDetected,
  transportStreamPackets,
} from './media.service';

async function zipOf(name: string, text: string): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** `count` packets of `size` bytes, each the sync byte 0x47 at `offset` and binary payload. */
function transportStream(size: number, offset: number, count: number): Buffer {
  const packets = Buffer.alloc(size * count, 0xff);
  for (let packet = 0; packet < count; packet += 1) {
    packets[packet * size + offset] = 0x47;
    packets[packet * size + offset + 1] = 0x00;
  }
  return packets;
}

const typescriptSource = Buffer.from(
  `import { readFile } from 'node:fs/promises';\n\n// Grüße, 你好: sources are UTF-8.\nexport async function load(path: string): Promise<string> {\n  return readFile(path, 'utf8');\n}\n`.repeat(
    40,
  ),
);

describe('transport streams and TypeScript sources', () => {
  it('finds the sync byte every 188 bytes, or every 192 after a timecode', () => {
    expect(transportStreamPackets(transportStream(188, 0, 20))).toBe(20);
    expect(transportStreamPackets(transportStream(192, 4, 20))).toBe(20);
    const broken = transportStream(188, 0, 20);
    broken[188 * 7] = 0x46;
    expect(transportStreamPackets(broken)).toBe(0);
    expect(transportStreamPackets(typescriptSource)).toBe(0);
  });

  it('tells UTF-8 text from binary bytes', () => {
    expect(isUtf8Text(typescriptSource)).toBe(true);
    // A multi-byte character cut by the end of the sniffed head is still text.
    expect(isUtf8Text(Buffer.from('日本語').subarray(0, 7))).toBe(true);
    expect(isUtf8Text(Buffer.from([0x61, 0xc3, 0x28, 0x62]))).toBe(false);
    expect(isUtf8Text(Buffer.from('a\0b'))).toBe(false);
    expect(isUtf8Text(transportStream(188, 0, 3))).toBe(false);
  });

  it('types a transport stream video/mp2t and a TypeScript source text/plain', async () => {
    expect(await detectType(transportStream(188, 0, 20))).toBe('video/mp2t');
    expect(await detectType(transportStream(192, 4, 20))).toBe('video/mp2t');
    expect(await detectType(typescriptSource)).toBe('text/plain');
    // Text that starts with `G` and has a `G` 188 bytes on is still text.
    const gText = Buffer.from(`G${'x'.repeat(187)}G${'y'.repeat(187)}`);
    expect(await detectType(gText)).toBe('text/plain');
    expect(kindOfDetected('text/plain')).toBe('other');
  });
});

describe('kind detection by content', () => {
  it('recognises archives, images, video, audio and torrents by their bytes', async () => {
    const zip = await zipOf('notes.txt', 'hello');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42'),
      Buffer.alloc(16),
    ]);
    // An ID3 tag, then the sync word of an MPEG-1 layer III frame.
    const mp3 = Buffer.concat([
      Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'),
      Buffer.from([0xff, 0xfb, 0x90, 0x64]),
      Buffer.alloc(400),
    ]);
    const torrent = Buffer.from(
      'd8:announce35:http://tracker.example/announce4:infod4:name3:abcee',
    );
    const cases: [Buffer, string][] = [
      [zip, 'archive'],
      [png, 'image'],
      [mp4, 'video'],
      [mp3, 'audio'],
      [torrent, 'torrent'],
      [Buffer.from('just some text'), 'other'],
      [transportStream(188, 0, 20), 'video'],
    ];
    for (const [bytes, kind] of cases) {
      expect(kindOfDetected(await detectType(bytes))).toBe(kind);
    }
  });

  it('reads damaged headers as unknown rather than failing', async () => {
    expect(
      await detectType(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40)])),
    ).toBe('');
  });

  it('does not take EPUB (a zip inside) for an archive', () => {
    expect(kindOfDetected('application/epub+zip')).toBe('other');
  });
});

describe('thumbnails that cannot be drawn', () => {
  it('draws a damaged picture once, then answers "no thumbnail" without trying again', async () => {
    // A PNG signature and header that promise 100×100 pixels, and no image data behind them.
    const damaged = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000064000000640806000000',
      'hex',
    );
    const info: MediaInfo = {
      sha256: 'a'.repeat(64),
      detectedType: 'image/png',
      kind: 'image',
      width: 100,
      height: 100,
      durationMs: 0,
      videoCodec: '',
      audioCodec: '',
    };
    const warnings: string[] = [];
    let reads = 0;
    const media = createMediaService({
      store: {
        get: async () => {
          reads += 1;
          return Readable.from([damaged]);
        },
      },
      blobs: {
        ingest: () => Promise.reject(new Error('nothing is drawn')),
        release: async () => undefined,
      },
      media: {
        findInfo: async () => info,
        findThumbnail: async () => undefined,
      } as unknown as MediaRepository,
      tools: { ffprobe: false, ffmpeg: false, poppler: false },
      tempDir: path.join(os.tmpdir(), 'nimbus-media-test'),
      now: () => new Date('2026-01-01T00:00:00Z'),
      logger: { warn: (message) => warnings.push(message) },
    });
    const source = { sha256: info.sha256, size: damaged.length };
    expect(await media.thumbnail(source, 'SIZE_SMALL')).toBeUndefined();
    expect(await media.thumbnail(source, 'SIZE_MEDIUM')).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(reads).toBe(1);
  });
});
