import { describe, expect, it } from 'vitest';
import type { PreviewFile, PreviewMedia } from './preview-file';
import {
  contentUrlOf,
  decodeTextPreview,
  inlineUrlOf,
  lineNumbersOf,
  looksBinary,
  playbackOf,
  previewKindOf,
} from './preview-file';

function file(overrides: Partial<PreviewFile>): PreviewFile {
  return { id: 'f1', name: 'file', kind: 'drive#file', ...overrides };
}

function link(url: string) {
  return { url, token: 't', expire: '', type: 'video/mp4' };
}

/** A rendition as the catalogue types it: not the default, not the original, playable. */
function media(overrides: Partial<PreviewMedia>): PreviewMedia {
  return {
    media_id: 'm',
    media_name: 'Original',
    video: { width: 0, height: 0, duration: 0, video_codec: '', audio_codec: '' },
    link: link(''),
    is_origin: false,
    is_default: false,
    is_playable: true,
    unsupported_codecs: [],
    ...overrides,
  };
}

describe('preview kind', () => {
  it.each([
    [{ name: 'cat.png' }, 'image'],
    [{ name: 'IMG_1.HEIC', file_category: 'IMAGE' }, 'image'],
    [{ name: 'clip.webm' }, 'video'],
    [{ name: 'noname', mime_type: 'video/mp4' }, 'video'],
    [{ name: 'song.flac' }, 'audio'],
    [{ name: 'paper.pdf', file_category: 'DOCUMENT' }, 'pdf'],
    [{ name: 'download', mime_type: 'application/pdf' }, 'pdf'],
    [{ name: 'notes.md' }, 'text'],
    [{ name: 'main.py' }, 'text'],
    [{ name: 'main.ts', file_category: 'TEXT' }, 'text'],
    [{ name: 'capture.ts' }, 'video'],
    [{ name: 'Dockerfile' }, 'text'],
    [{ name: 'page.html', mime_type: 'text/html' }, 'text'],
    [{ name: 'logo.svg', mime_type: 'image/svg+xml', file_category: 'IMAGE' }, 'text'],
    [{ name: 'data.bin', mime_type: 'application/octet-stream' }, 'other'],
    [{ name: 'setup.exe' }, 'other'],
    [{ name: 'photos.png', kind: 'drive#folder' }, 'other'],
  ] as const)('shows %o as %s', (overrides, kind) => {
    expect(previewKindOf(file(overrides))).toBe(kind);
  });
});

describe('links', () => {
  it('takes web_content_link, else the octet-stream link', () => {
    expect(contentUrlOf(file({ web_content_link: 'https://c.test/a' }))).toBe('https://c.test/a');
    expect(
      contentUrlOf(file({ links: { 'application/octet-stream': link('https://c.test/b') } })),
    ).toBe('https://c.test/b');
    expect(contentUrlOf(file({}))).toBeUndefined();
  });

  it('plays the default rendition, else the original, else the file itself', () => {
    const medias = [
      media({ media_id: 'm1', link: link('https://c.test/m1'), is_origin: true }),
      media({ media_id: 'm2', link: link('https://c.test/m2'), is_default: true }),
      media({ media_id: 'm3', link: link(''), is_default: true }),
    ];
    expect(playbackOf(file({ medias })).url).toBe('https://c.test/m2');
    expect(playbackOf(file({ medias: medias.slice(0, 1) })).url).toBe('https://c.test/m1');
    expect(playbackOf(file({ medias: [], web_content_link: 'https://c.test/w' }))).toEqual({
      url: 'https://c.test/w',
      supported: true,
    });
  });

  it('flags eac3 audio as not playable in the browser', () => {
    const medias = [
      media({
        link: link('https://c.test/m'),
        is_default: true,
        video: { width: 0, height: 0, duration: 0, video_codec: 'h264', audio_codec: 'eac3' },
      }),
    ];
    expect(playbackOf(file({ medias }))).toEqual({ url: 'https://c.test/m', supported: false });
  });
});

describe('inline links', () => {
  it('asks the content origin to show the file, keeping the signed path and query', () => {
    expect(inlineUrlOf('https://c.test/content/v1/tok.en/a%20b.pdf')).toBe(
      'https://c.test/content/v1/tok.en/a%20b.pdf?disposition=inline',
    );
    expect(inlineUrlOf('https://c.test/x.pdf?disposition=attachment&v=1')).toBe(
      'https://c.test/x.pdf?disposition=inline&v=1',
    );
    expect(inlineUrlOf('/content/v1/t/x.pdf')).toBe('/content/v1/t/x.pdf?disposition=inline');
  });

  it('takes a rendition the server marks unplayable as unsupported', () => {
    const medias = [
      media({ link: link('https://c.test/m'), is_default: true, is_playable: false }),
    ];
    expect(playbackOf(file({ medias })).supported).toBe(false);
  });
});

describe('text preview', () => {
  const encode = (text: string) => new TextEncoder().encode(text).buffer;

  it('keeps a whole file as it is', () => {
    expect(decodeTextPreview(encode('one\ntwo'), false)).toBe('one\ntwo');
  });

  it('drops the partial last line and half characters of a cut file', () => {
    const bytes = new TextEncoder().encode('первая\nвтор');
    const cut = bytes.slice(0, bytes.length - 1).buffer;
    expect(decodeTextPreview(cut, true)).toBe('первая\n');
    const oneLine = new TextEncoder().encode('日本').slice(0, 4).buffer;
    expect(decodeTextPreview(oneLine, true)).toBe('日');
  });

  it('numbers every line, a final newline ending the last one', () => {
    expect(lineNumbersOf('a\nb\nc')).toBe('1\n2\n3');
    expect(lineNumbersOf('a\nb\n')).toBe('1\n2');
    expect(lineNumbersOf('')).toBe('1');
  });

  it('tells binary content by a NUL byte', () => {
    expect(looksBinary('PK\u0003\u0004\u0000\u0000')).toBe(true);
    expect(looksBinary('plain <b>text</b>')).toBe(false);
  });
});
