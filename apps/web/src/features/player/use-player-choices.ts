'use client';

import { useEffect, useState } from 'react';
import { defaultStorage } from '@nimbus/client';
import type { MediaPreferences, MediaTracks, SubtitleTrack } from './media-tracks';
import {
  audioTrackFor,
  noTracks,
  readMediaPreferences,
  subtitleTrackFor,
  writeMediaPreferences,
} from './media-tracks';

/** Where the member's choices are kept: the server's `media_preferences`, or this browser. */
export interface PreferenceStore {
  load: () => Promise<MediaPreferences>;
  save: (preferences: MediaPreferences) => Promise<unknown>;
}

/** The visitor's (or a member's, while the server keeps none) choices in local storage. */
export const localPreferenceStore: PreferenceStore = {
  load: async () => readMediaPreferences(defaultStorage()),
  save: async (preferences) => writeMediaPreferences(defaultStorage(), preferences),
};

/**
 * The file's tracks and the choices among them: the audio stream and subtitle start from the
 * remembered languages; a change is remembered for the next video.
 */
export function usePlayerChoices(
  fileId: string,
  loadTracks: (() => Promise<MediaTracks>) | undefined,
  store: PreferenceStore,
) {
  const [tracks, setTracks] = useState<{ id: string; value: MediaTracks }>();
  const [preferences, setPreferences] = useState(() => readMediaPreferences(defaultStorage()));
  const [audio, setAudio] = useState<{ id: string; value: number | undefined }>();
  const [subtitle, setSubtitle] = useState<{ id: string; value: string }>();
  const [picked, setPicked] = useState<{ id: string; tracks: SubtitleTrack[] }>();
  useEffect(() => {
    let current = true;
    store.load().then(
      (loaded) => current && setPreferences(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [store]);
  useEffect(() => {
    if (!loadTracks) {
      return;
    }
    let current = true;
    loadTracks().then(
      (value) => current && setTracks({ id: fileId, value }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [fileId, loadTracks]);
  const loaded = tracks?.id === fileId ? tracks.value : noTracks;
  const added = (picked?.id === fileId ? picked.tracks : []).filter(
    (track) => !loaded.subtitles.some((known) => known.id === track.id),
  );
  const known = { ...loaded, subtitles: [...loaded.subtitles, ...added] };
  const audioIndex =
    audio?.id === fileId ? audio.value : audioTrackFor(known.audio, preferences)?.index;
  const subtitleId =
    subtitle?.id === fileId
      ? subtitle.value
      : (subtitleTrackFor(known.subtitles, preferences)?.id ?? '');
  const chooseSubtitle = (id: string, from = known.subtitles) => {
    setSubtitle({ id: fileId, value: id });
    const language = from.find((track) => track.id === id)?.language;
    remember({ subtitle_language: id === '' ? '' : (language ?? '') });
  };
  const remember = (change: Partial<MediaPreferences>) => {
    const next = { ...preferences, ...change };
    setPreferences(next);
    void store.save(next).catch(() => undefined);
  };
  return {
    tracks: known,
    preferences,
    audioIndex,
    subtitleId,
    chooseAudio: (index: number) => {
      setAudio({ id: fileId, value: index });
      const language = known.audio.find((track) => track.index === index)?.language;
      remember({ audio_language: language ?? '' });
    },
    chooseSubtitle: (id: string) => chooseSubtitle(id),
    /** A subtitle file picked from the drive joins the list and shows. */
    addSubtitle: (track: SubtitleTrack) => {
      setPicked({ id: fileId, tracks: [...added, track] });
      chooseSubtitle(track.id, [...known.subtitles, track]);
    },
    remember,
  };
}
