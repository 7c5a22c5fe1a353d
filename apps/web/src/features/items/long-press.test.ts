import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LongPress, longPressMs } from './long-press';

describe('LongPress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('picks after a touch rests long enough, and swallows the one click that follows', () => {
    const press = new LongPress();
    const picked: string[] = [];
    press.start('touch', () => picked.push('a'));
    vi.advanceTimersByTime(longPressMs - 1);
    expect(picked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(picked).toEqual(['a']);
    expect(press.takeFired()).toBe(true);
    expect(press.takeFired()).toBe(false);
  });

  it('is no press when the finger lifts early, or for a mouse', () => {
    const press = new LongPress();
    const picked: string[] = [];
    press.start('touch', () => picked.push('early'));
    vi.advanceTimersByTime(longPressMs / 2);
    press.cancel();
    press.start('mouse', () => picked.push('mouse'));
    vi.advanceTimersByTime(longPressMs * 2);
    expect(picked).toEqual([]);
    expect(press.takeFired()).toBe(false);
  });

  it('times a new press from its own start', () => {
    const press = new LongPress(100);
    const picked: string[] = [];
    press.start('touch', () => picked.push('first'));
    vi.advanceTimersByTime(60);
    press.start('touch', () => picked.push('second'));
    vi.advanceTimersByTime(60);
    expect(picked).toEqual([]);
    vi.advanceTimersByTime(40);
    expect(picked).toEqual(['second']);
  });
});
