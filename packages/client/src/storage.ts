/** The part of the Web Storage interface the client uses; `localStorage` fits. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The JSON object stored under `key`; undefined when there is none, or it is not JSON or not an
 * object (a hand-edited or older entry). Its fields are for the caller to check.
 */
export function readStoredObject(
  storage: Pick<StorageLike, 'getItem'>,
  key: string,
): Record<string, unknown> | undefined {
  const raw = storage.getItem(key);
  if (!raw) {
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A storage that lives in memory: for tests, servers and browsers without local storage. */
export function createMemoryStorage(initial: Readonly<Record<string, string>> = {}): StorageLike {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

/**
 * The browser's local storage when it can be used, else a fresh memory storage. Reading
 * `localStorage` throws in sandboxed frames and with storage disabled; Node has none.
 */
export function defaultStorage(): StorageLike {
  try {
    const candidate = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (candidate && typeof candidate.getItem === 'function') {
      return candidate;
    }
  } catch {
    // Access denied: fall through to memory.
  }
  return createMemoryStorage();
}
