/**
 * Shares one run of work among parallel callers with the same key: while a run is under way,
 * asking again for its key answers the same promise instead of starting the work twice.
 */
export function createSingleFlight() {
  const running = new Map<string, Promise<unknown>>();
  return function once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const current = running.get(key);
    if (current) {
      return current as Promise<T>;
    }
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
