/** How long a finger must rest on an item to pick it (phones), as in a phone's gallery. */
export const longPressMs = 500;

/**
 * The long press that picks an item on a touch screen, for the drive's listings and the share
 * page: a touch resting `longPressMs` on an item runs `onPress` (and a short vibration), and the
 * click that the lifted finger then fires is to be ignored once.
 */
export class LongPress {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private fired = false;

  constructor(private readonly delayMs = longPressMs) {}

  /** A pointer went down on an item: a touch starts timing the press; others are no press. */
  start(pointerType: string, onPress: () => void): void {
    this.cancel();
    this.fired = false;
    if (pointerType !== 'touch') {
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fired = true;
      onPress();
      globalThis.navigator?.vibrate?.(20);
    }, this.delayMs);
  }

  /** The pointer was lifted, left or cancelled: a press not long enough yet is none. */
  cancel(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  /** Whether a long press just fired, so the click that follows is ignored; asks only once. */
  takeFired(): boolean {
    const fired = this.fired;
    this.fired = false;
    return fired;
  }
}
