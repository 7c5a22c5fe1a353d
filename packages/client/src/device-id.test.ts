import { describe, expect, it } from 'vitest';
import { createDeviceId, deviceIdLength, ensureDeviceId, readDeviceId } from './device-id';
import { createMemoryStorage, defaultStorage } from './storage';

describe('readDeviceId', () => {
  it('takes the last dot-separated part of deviceid', () => {
    expect(readDeviceId(createMemoryStorage({ deviceid: 'wdi10.abcdef' }))).toBe('abcdef');
    expect(readDeviceId(createMemoryStorage({ deviceid: 'plain' }))).toBe('plain');
  });

  it('falls back to _deviceid', () => {
    expect(readDeviceId(createMemoryStorage({ _deviceid: 'x.y.z' }))).toBe('z');
    expect(readDeviceId(createMemoryStorage({ deviceid: 'a.', _deviceid: 'b' }))).toBe('b');
  });

  it('cuts the id to 32 characters', () => {
    const long = 'f'.repeat(40);
    expect(readDeviceId(createMemoryStorage({ deviceid: `v1.${long}` }))).toBe('f'.repeat(32));
    expect(deviceIdLength).toBe(32);
  });

  it('is undefined when nothing is stored', () => {
    expect(readDeviceId(createMemoryStorage())).toBeUndefined();
  });
});

describe('device id creation', () => {
  it('makes 32 lower-case hex digits', () => {
    const id = createDeviceId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(createDeviceId()).not.toBe(id);
  });

  it('stores a new id once and reuses it', () => {
    const storage = createMemoryStorage();
    const id = ensureDeviceId(storage);
    expect(storage.getItem('deviceid')).toBe(id);
    expect(ensureDeviceId(storage)).toBe(id);
    expect(ensureDeviceId(createMemoryStorage({ _deviceid: 'old.kept' }))).toBe('kept');
  });
});

describe('storage', () => {
  it('keeps items in memory', () => {
    const storage = createMemoryStorage({ a: '1' });
    storage.setItem('b', '2');
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
    expect(storage.getItem('b')).toBe('2');
  });

  it('falls back to memory where there is no local storage', () => {
    const storage = defaultStorage();
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
  });
});
