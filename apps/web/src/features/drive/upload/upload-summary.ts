import type { UploadEntry } from './upload-types';

/** Seconds left at the current speed, or undefined when unknown. */
export function secondsLeft(
  entry: Pick<UploadEntry, 'size' | 'uploaded' | 'speed'>,
): number | undefined {
  if (entry.speed <= 0) {
    return undefined;
  }
  return Math.max(0, Math.ceil((entry.size - entry.uploaded) / entry.speed));
}

/** A summary of the queue for the collapsed panel. */
export function summarize(entries: readonly UploadEntry[]) {
  let active = 0;
  let done = 0;
  let failed = 0;
  let paused = 0;
  let total = 0;
  let uploaded = 0;
  let speed = 0;
  for (const entry of entries) {
    switch (entry.status) {
      case 'queued':
      case 'hashing':
      case 'uploading':
        active += 1;
        total += entry.size;
        uploaded += entry.uploaded;
        speed += entry.speed;
        break;
      case 'paused':
      case 'needs-file':
        paused += 1;
        break;
      case 'error':
        failed += 1;
        break;
      case 'done':
        done += 1;
        break;
      case 'canceled':
        break;
    }
  }
  const left = speed > 0 ? Math.ceil((total - uploaded) / speed) : undefined;
  return { active, done, failed, paused, total, uploaded, speed, secondsLeft: left };
}
