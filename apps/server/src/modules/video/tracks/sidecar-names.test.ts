import { describe, expect, it } from 'vitest';
import { sidecarOf, subtitleFileName } from './sidecar-names';
import { languageTag } from './track-tools';

describe('sidecar subtitle names', () => {
  it('matches files with the video’s base name and reads their language and flags', () => {
    expect(sidecarOf('Movie.mkv', 'Movie.srt')).toMatchObject({ extension: 'srt', language: '' });
    expect(sidecarOf('Movie.mkv', 'movie.EN.srt')).toMatchObject({ language: 'en' });
    expect(sidecarOf('Movie.2020.mkv', 'Movie.2020.pt-BR.forced.srt')).toMatchObject({
      language: 'pt-BR',
      isForced: true,
    });
    expect(sidecarOf('Movie.mkv', 'Movie.rus.sdh.ass')).toMatchObject({
      extension: 'ass',
      language: 'ru',
      isSdh: true,
    });
    expect(sidecarOf('Movie.mkv', 'Movie.hi.srt')).toMatchObject({ language: 'hi', isSdh: false });
    expect(sidecarOf('Movie.mkv', 'Movie.default.forced.vtt')).toMatchObject({
      language: '',
      isDefault: true,
      isForced: true,
    });
  });

  it('leaves other files alone', () => {
    expect(sidecarOf('Movie.mkv', 'Movie.mkv')).toBeUndefined();
    expect(sidecarOf('Movie.mkv', 'Movie.txt')).toBeUndefined();
    expect(sidecarOf('Movie.mkv', 'Movies.srt')).toBeUndefined();
    expect(sidecarOf('Movie.mkv', 'Other.en.srt')).toBeUndefined();
    expect(subtitleFileName('notes.txt')).toBeUndefined();
    expect(subtitleFileName('.srt')).toBeUndefined();
  });

  it('makes container languages BCP 47 tags', () => {
    expect(languageTag('eng')).toBe('en');
    expect(languageTag('ger')).toBe('de');
    expect(languageTag('und')).toBe('');
    expect(languageTag('not a tag')).toBe('');
    expect(languageTag(undefined)).toBe('');
  });
});
