/*
 * Seek-bar thumbnails: a WebVTT map whose cues point into sprite images with `#xywh=x,y,w,h`
 * (docs/api.md#media-tracks storyboard), read into cues the seek bar looks up by time.
 */

export interface StoryboardCue {
  /** Seconds. */
  start: number;
  end: number;
  /** The sprite image, resolved against the map's URL. */
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `hh:mm:ss.mmm` or `mm:ss.mmm` in seconds, or NaN. */
function secondsOf(stamp: string): number {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/.exec(stamp.trim());
  if (!match) {
    return Number.NaN;
  }
  const [, hours = '0', minutes = '0', seconds = '0', millis = '0'] = match;
  return (
    Number(hours) * 3600 +
    Number(minutes) * 60 +
    Number(seconds) +
    Number(millis.padEnd(3, '0')) / 1000
  );
}

/** The cues of a storyboard map; cues without a sprite region are left out. */
export function parseStoryboard(vtt: string, baseUrl: string): StoryboardCue[] {
  const cues: StoryboardCue[] = [];
  const lines = vtt.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const timing = /^\s*(\S+)\s+-->\s+(\S+)/.exec(lines[index] ?? '');
    if (!timing) {
      continue;
    }
    const target = (lines[index + 1] ?? '').trim();
    const region = /#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target);
    const start = secondsOf(timing[1] ?? '');
    const end = secondsOf(timing[2] ?? '');
    if (!region || Number.isNaN(start) || Number.isNaN(end)) {
      continue;
    }
    let url: string;
    try {
      url = new URL(target.slice(0, region.index), baseUrl).toString();
    } catch {
      continue;
    }
    const [x, y, width, height] = region.slice(1).map(Number) as [number, number, number, number];
    cues.push({ start, end, url, x, y, width, height });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue shown at `time` seconds (the last one that started), or undefined without cues. */
export function storyboardCueAt(
  cues: readonly StoryboardCue[],
  time: number,
): StoryboardCue | undefined {
  let low = 0;
  let high = cues.length - 1;
  let found: StoryboardCue | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const cue = cues[middle] as StoryboardCue;
    if (cue.start <= time) {
      found = cue;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  // Before the first cue (a gap at the start), its first picture is the nearest.
  return found ?? cues[0];
}
