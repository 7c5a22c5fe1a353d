import type { StorageLike } from './storage';

/** The storage keys a device id may be kept under, in the order they are read. */
export const deviceIdStorageKeys = ['deviceid', '_deviceid'] as const;

/** The length of a device id (docs/product.md#limits). */
export const deviceIdLength = 32;

/**
 * The device id kept in storage (docs/product.md#entities): the value of `deviceid`, else `_deviceid`;
 * its last dot-separated part, cut to 32 characters. Undefined when none is stored.
 */
export function readDeviceId(storage: Pick<StorageLike, 'getItem'>): string | undefined {
  for (const key of deviceIdStorageKeys) {
    const raw = storage.getItem(key);
    if (!raw) {
      continue;
    }
    const last = raw.slice(raw.lastIndexOf('.') + 1).slice(0, deviceIdLength);
    if (last !== '') {
      return last;
    }
  }
  return undefined;
}

/** A new device id: 32 lower-case hex digits from the platform's random source (docs/api.md#conventions). */
export function createDeviceId(): string {
  const bytes = new Uint8Array(deviceIdLength / 2);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The stored device id, or a new one stored under `deviceid` when none is there. */
export function ensureDeviceId(storage: StorageLike): string {
  const existing = readDeviceId(storage);
  if (existing !== undefined) {
    return existing;
  }
  const created = createDeviceId();
  storage.setItem(deviceIdStorageKeys[0], created);
  return created;
}
