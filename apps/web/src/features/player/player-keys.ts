/*
 * The player's keyboard, when the focus is in it: space or k play and pause, ←/→ seek by five
 * seconds, ↑/↓ change the volume, f full screen, m mute, c subtitles on and off.
 */

export type PlayerKeyAction =
  | { action: 'toggle-play' }
  | { action: 'seek'; by: number }
  | { action: 'volume'; by: number }
  | { action: 'fullscreen' }
  | { action: 'mute' }
  | { action: 'subtitles' };

/** Seconds an arrow seeks. */
export const arrowSeekSeconds = 5;

/** The volume step of an arrow (0..1). */
export const arrowVolumeStep = 0.1;

/** What a key press does, or undefined when the player leaves it alone. */
export function playerKeyActionOf(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The focused element's role in the player: a button or menu keeps its own keys. */
  target: 'surface' | 'slider' | 'button' | 'menu';
}): PlayerKeyAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey || event.target === 'menu') {
    return undefined;
  }
  switch (event.key) {
    case ' ':
    case 'Enter':
      // A button answers its own space and Enter.
      return event.target === 'button' ? undefined : { action: 'toggle-play' };
    case 'k':
    case 'K':
      return { action: 'toggle-play' };
    case 'ArrowLeft':
      return { action: 'seek', by: -arrowSeekSeconds };
    case 'ArrowRight':
      return { action: 'seek', by: arrowSeekSeconds };
    case 'ArrowUp':
      return { action: 'volume', by: arrowVolumeStep };
    case 'ArrowDown':
      return { action: 'volume', by: -arrowVolumeStep };
    case 'f':
    case 'F':
      return { action: 'fullscreen' };
    case 'm':
    case 'M':
      return { action: 'mute' };
    case 'c':
    case 'C':
      return { action: 'subtitles' };
    default:
      return undefined;
  }
}

/** Where a key press comes from, for `playerKeyActionOf`. */
export function keyTargetOf(target: EventTarget | null): 'surface' | 'slider' | 'button' | 'menu' {
  if (!(target instanceof Element)) {
    return 'surface';
  }
  if (target.closest('[role="menu"]')) {
    return 'menu';
  }
  if (target.matches('input[type="range"], [role="slider"]')) {
    return 'slider';
  }
  return target.closest('button, a, input, select, textarea') ? 'button' : 'surface';
}
