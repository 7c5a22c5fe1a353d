/** Seconds of video in a transcoded segment: short, so playback and seeks start soon. */
export const transcodeSegmentSeconds = 4;

/** The shortest remuxed segment: a remux cuts on keyframes at least this far apart. */
const remuxSegmentSeconds = 4;

/**
 * Where segments start, in the file's own timestamps, with the end of the video last: segment
 * `k` spans `[bounds[k], bounds[k + 1])`. A transcode cuts every 4 s (its keyframes are forced
 * there); a remux copies the video, so it cuts only on the source's keyframes, the first one at
 * least 4 s after the previous cut.
 */
export function segmentBounds(
  start: number,
  duration: number,
  keyframes: readonly number[] | undefined,
): number[] {
  const end = start + duration;
  const bounds: number[] = [];
  if (keyframes === undefined) {
    for (let at = start; at < end - 0.05; at += transcodeSegmentSeconds) {
      bounds.push(Number(at.toFixed(6)));
    }
  } else {
    for (const keyframe of keyframes) {
      const last = bounds.at(-1);
      if (keyframe < end - 0.05 && (last === undefined || keyframe >= last + remuxSegmentSeconds)) {
        bounds.push(keyframe);
      }
    }
  }
  if (bounds.length === 0) {
    bounds.push(start);
  }
  bounds.push(Number(end.toFixed(6)));
  return bounds;
}

/**
 * The media playlist of a rendition: every segment, known at once from the bounds (a VOD
 * playlist, so players can seek anywhere before any segment exists). Segment URIs are relative
 * to the playlist's signed path and carry the audio choice.
 */
export function mediaPlaylist(bounds: readonly number[], audio: number | undefined): string {
  const query = audio === undefined ? '' : `?audio=${audio}`;
  const lengths = bounds.slice(1).map((end, index) => end - (bounds[index] ?? end));
  const target = Math.max(1, Math.ceil(Math.max(...lengths, 0)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  lengths.forEach((length, index) => {
    lines.push(`#EXTINF:${length.toFixed(6)},`, `${index}.ts${query}`);
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}
