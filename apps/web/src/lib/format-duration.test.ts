import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('writes minutes and two-digit seconds, and hours when there are any', () => {
    expect(formatDuration(3)).toBe('0:03');
    expect(formatDuration(61)).toBe('1:01');
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(36_000)).toBe('10:00:00');
  });

  it('rounds to whole seconds and never goes below zero', () => {
    expect(formatDuration(2.6)).toBe('0:03');
    expect(formatDuration(-5)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
