/**
 * A play time as players write it: `0:03`, `12:34`, `1:02:03`. Whole seconds; a negative or
 * fractional value is rounded to the nearest whole second, never below zero.
 */
export function formatDuration(totalSeconds: number): string {
  const whole = Number.isFinite(totalSeconds) ? Math.max(0, Math.round(totalSeconds)) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
