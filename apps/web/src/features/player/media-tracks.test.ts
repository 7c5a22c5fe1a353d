import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import type { AudioTrack, SubtitleTrack } from './media-tracks';
import {
  audioTrackFor,
  defaultMediaPreferences,
  mediaPreferencesKey,
  readMediaPreferences,
  subtitleTrackFor,
  writeMediaPreferences,
} from './media-tracks';

const audio = (index: number, language: string, is_default = false): AudioTrack => ({
  index,
  language,
  title: '',
  codec: 'ac3',
  channels: 6,
  is_default,
});
const subtitle = (id: string, language: string, link = true): SubtitleTrack => ({
  id,
  language,
  label: '',
  source: 'sidecar',
  kind: link ? 'text' : 'image',
  is_forced: false,
  is_default: false,
  link: link
    ? { url: `https://c.example/${id}.vtt`, token: id, expire: '', type: 'text/vtt' }
    : null,
});

describe('remembered track choices', () => {
  it('picks the remembered audio language, else the default stream', () => {
    const tracks = [audio(0, 'en', true), audio(1, 'fr-FR')];
    expect(audioTrackFor(tracks, { ...defaultMediaPreferences, audio_language: 'fr' })?.index).toBe(
      1,
    );
    expect(audioTrackFor(tracks, defaultMediaPreferences)?.index).toBe(0);
    expect(audioTrackFor([audio(0, 'en')], defaultMediaPreferences)).toBeUndefined();
  });

  it('shows the remembered subtitle language, never an image track, and none when off', () => {
    const tracks = [subtitle('a', 'de', false), subtitle('b', 'de'), subtitle('c', 'en')];
    expect(
      subtitleTrackFor(tracks, { ...defaultMediaPreferences, subtitle_language: 'de' })?.id,
    ).toBe('b');
    expect(subtitleTrackFor(tracks, defaultMediaPreferences)).toBeUndefined();
  });

  it('keeps the choices in storage and ignores what does not fit', () => {
    const storage = createMemoryStorage();
    writeMediaPreferences(storage, {
      audio_language: 'ja',
      subtitle_language: 'en',
      subtitle_size: 'large',
      subtitle_position: 'top',
    });
    expect(readMediaPreferences(storage)).toEqual({
      audio_language: 'ja',
      subtitle_language: 'en',
      subtitle_size: 'large',
      subtitle_position: 'top',
    });
    storage.setItem(
      mediaPreferencesKey,
      JSON.stringify({ subtitle_size: 'huge', audio_language: 3 }),
    );
    expect(readMediaPreferences(storage)).toEqual(defaultMediaPreferences);
  });
});
