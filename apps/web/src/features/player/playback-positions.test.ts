import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  maxPlaybackPositions,
  playbackPositionsKey,
  rememberPlayback,
  resumePosition,
} from './playback-positions';

describe('playback positions', () => {
  it('goes on where the member stopped, unless that is near the start or the end', () => {
    const storage = createMemoryStorage();
    rememberPlayback(storage, 'film', 125.5, 600, 1);
    expect(resumePosition(storage, 'film', 600)).toBe(125.5);
    expect(resumePosition(storage, 'other', 600)).toBeUndefined();
    // The file got shorter (replaced): no position past its end.
    expect(resumePosition(storage, 'film', 128)).toBeUndefined();
    rememberPlayback(storage, 'film', 598, 600, 2);
    expect(resumePosition(storage, 'film', 600)).toBeUndefined();
    rememberPlayback(storage, 'film', 2, 600, 3);
    expect(resumePosition(storage, 'film', 600)).toBeUndefined();
  });

  it('keeps the newest 50 files and ignores what it cannot read', () => {
    const storage = createMemoryStorage();
    for (let index = 0; index < maxPlaybackPositions + 5; index += 1) {
      rememberPlayback(storage, `file-${index}`, 60, 600, index);
    }
    expect(
      Object.keys(JSON.parse(storage.getItem(playbackPositionsKey) ?? '{}') as object),
    ).toHaveLength(maxPlaybackPositions);
    expect(resumePosition(storage, 'file-0', 600)).toBeUndefined();
    expect(resumePosition(storage, `file-${maxPlaybackPositions + 4}`, 600)).toBe(60);
    storage.setItem(playbackPositionsKey, '{"x":{"position":"NaN"},"y":5');
    expect(resumePosition(storage, 'x', 600)).toBeUndefined();
  });
});
