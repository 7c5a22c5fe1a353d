import { describe, expect, it } from 'vitest';
import {
  fileCategoryOf,
  fileExtensionOf,
  isArchive,
  isAudio,
  isAudioCodecSupported,
  isImage,
  isTorrent,
  isVideo,
} from './file-kind';

describe('fileExtensionOf', () => {
  it('gives the lower-case extension without the dot', () => {
    expect(fileExtensionOf('Movie.MKV')).toBe('mkv');
    expect(fileExtensionOf('a.tar.gz')).toBe('gz');
    expect(fileExtensionOf('dir.d/readme')).toBe('');
    expect(fileExtensionOf('.bashrc')).toBe('');
    expect(fileExtensionOf('trailing.')).toBe('');
    expect(fileExtensionOf(undefined)).toBe('');
  });
});

describe('archives', () => {
  it('are 7z, zip and rar by extension', () => {
    expect(isArchive({ name: 'a.7z' })).toBe(true);
    expect(isArchive({ name: 'a.ZIP' })).toBe(true);
    expect(isArchive({ name: 'a.rar' })).toBe(true);
    expect(isArchive({ name: 'a.tar' })).toBe(false);
  });

  it('are recognised by content type', () => {
    expect(isArchive({ contentType: 'application/zip' })).toBe(true);
    expect(isArchive({ contentType: 'application/x-zip-compressed' })).toBe(true);
    expect(isArchive({ contentType: 'application/x-7z-compressed' })).toBe(true);
    expect(isArchive({ contentType: 'application/vnd.rar' })).toBe(true);
    expect(isArchive({ contentType: 'application/x-rar-compressed; charset=binary' })).toBe(true);
    expect(isArchive({ contentType: 'application/gzip' })).toBe(false);
    expect(isArchive({ contentType: 'application/x-gzip' })).toBe(false);
  });

  it('never include EPUB, which is a zip inside', () => {
    expect(isArchive({ contentType: 'application/epub+zip' })).toBe(false);
    expect(isArchive({ name: 'book.epub', contentType: 'application/zip' })).toBe(false);
    expect(fileCategoryOf({ name: 'book.epub' })).toBe('DOCUMENT');
    expect(fileCategoryOf({ contentType: 'application/epub+zip' })).toBe('DOCUMENT');
  });

  it('fall back to content type when the extension says nothing', () => {
    expect(isArchive({ name: 'download', contentType: 'application/zip' })).toBe(true);
    expect(isArchive({ name: 'a.bin', contentType: 'application/zip' })).toBe(true);
  });
});

describe('media kinds', () => {
  it('are found by extension or content type', () => {
    expect(isImage({ name: 'p.JPG' })).toBe(true);
    expect(isImage({ contentType: 'image/webp' })).toBe(true);
    expect(isImage({ name: 'p.txt' })).toBe(false);
    expect(isVideo({ name: 'clip.mkv' })).toBe(true);
    expect(isVideo({ contentType: 'video/mp4' })).toBe(true);
    expect(isVideo({ name: 'song.mp3' })).toBe(false);
    expect(isAudio({ name: 'song.flac' })).toBe(true);
    expect(isAudio({ contentType: 'audio/mpeg' })).toBe(true);
    expect(isAudio({})).toBe(false);
  });
});

describe('torrents', () => {
  it('end in .torrent or have the bittorrent content type', () => {
    expect(isTorrent({ name: 'Linux.ISO.TORRENT' })).toBe(true);
    expect(isTorrent({ contentType: 'application/x-bittorrent' })).toBe(true);
    expect(isTorrent({ name: 'torrent.txt' })).toBe(false);
    expect(fileCategoryOf({ name: 'a.torrent' })).toBe('OTHER');
  });
});

describe('audio codecs', () => {
  it('treat eac3 as unsupported and everything else as playable', () => {
    expect(isAudioCodecSupported('eac3')).toBe(false);
    expect(isAudioCodecSupported(' EAC3 ')).toBe(false);
    expect(isAudioCodecSupported('aac')).toBe(true);
    expect(isAudioCodecSupported('ac3')).toBe(true);
    expect(isAudioCodecSupported(undefined)).toBe(true);
  });
});

describe('fileCategoryOf', () => {
  it('maps extensions to categories', () => {
    expect(fileCategoryOf({ name: 'a.mp4' })).toBe('VIDEO');
    expect(fileCategoryOf({ name: 'a.m4a' })).toBe('AUDIO');
    expect(fileCategoryOf({ name: 'a.png' })).toBe('IMAGE');
    expect(fileCategoryOf({ name: 'a.zip' })).toBe('ARCHIVE');
    expect(fileCategoryOf({ name: 'a.tar.gz' })).toBe('ARCHIVE');
    expect(fileCategoryOf({ name: 'notes.md' })).toBe('TEXT');
    expect(fileCategoryOf({ name: 'sub.srt' })).toBe('TEXT');
    expect(fileCategoryOf({ name: 'report.PDF' })).toBe('DOCUMENT');
    expect(fileCategoryOf({ name: 'sheet.xlsx' })).toBe('DOCUMENT');
    expect(fileCategoryOf({ name: 'program.exe' })).toBe('OTHER');
  });

  it('prefers the extension over the content type', () => {
    expect(fileCategoryOf({ name: 'clip.mp4', contentType: 'application/octet-stream' })).toBe(
      'VIDEO',
    );
    expect(fileCategoryOf({ name: 'a.png', contentType: 'text/plain' })).toBe('IMAGE');
  });

  it('maps content types when the extension is unknown', () => {
    expect(fileCategoryOf({ name: 'x', contentType: 'video/webm' })).toBe('VIDEO');
    expect(fileCategoryOf({ contentType: 'audio/ogg' })).toBe('AUDIO');
    expect(fileCategoryOf({ contentType: 'image/avif' })).toBe('IMAGE');
    expect(fileCategoryOf({ contentType: 'application/zip' })).toBe('ARCHIVE');
    expect(fileCategoryOf({ contentType: 'text/plain; charset=utf-8' })).toBe('TEXT');
    expect(fileCategoryOf({ contentType: 'application/json' })).toBe('TEXT');
    expect(fileCategoryOf({ contentType: 'application/pdf' })).toBe('DOCUMENT');
    expect(
      fileCategoryOf({
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    ).toBe('DOCUMENT');
    expect(fileCategoryOf({ contentType: 'application/octet-stream' })).toBe('OTHER');
    expect(fileCategoryOf({})).toBe('OTHER');
  });
});
