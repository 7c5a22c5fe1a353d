import { describe, expect, it } from 'vitest';
import { playerKeyActionOf } from './player-keys';

describe('player keys', () => {
  const on = (key: string, target: 'surface' | 'slider' | 'button' | 'menu' = 'surface') =>
    playerKeyActionOf({ key, target });

  it('maps space, k, arrows, f, m and c', () => {
    expect(on(' ')).toEqual({ action: 'toggle-play' });
    expect(on('k')).toEqual({ action: 'toggle-play' });
    expect(on('ArrowLeft')).toEqual({ action: 'seek', by: -5 });
    expect(on('ArrowRight', 'slider')).toEqual({ action: 'seek', by: 5 });
    expect(on('ArrowUp')).toEqual({ action: 'volume', by: 0.1 });
    expect(on('ArrowDown')).toEqual({ action: 'volume', by: -0.1 });
    expect(on('f')).toEqual({ action: 'fullscreen' });
    expect(on('M')).toEqual({ action: 'mute' });
    expect(on('c')).toEqual({ action: 'subtitles' });
  });

  it('leaves a button its space, a menu all its keys, and shortcuts of the browser alone', () => {
    expect(on(' ', 'button')).toBeUndefined();
    expect(on('k', 'button')).toEqual({ action: 'toggle-play' });
    expect(on('ArrowDown', 'menu')).toBeUndefined();
    expect(playerKeyActionOf({ key: 'f', ctrlKey: true, target: 'surface' })).toBeUndefined();
    expect(on('x')).toBeUndefined();
  });
});
