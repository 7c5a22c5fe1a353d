import { describe, expect, it } from 'vitest';
import {
  defaultDisplayMode,
  defaultSharedDisplayMode,
  displayModeStorageKey,
  displayModeStoreName,
  isEmptyDisplayMode,
  normalizeDisplayMode,
  normalizeDisplayViewType,
  normalizeOrderType,
  normalizeSharedDisplayMode,
} from './display-mode';
import { displayModeSchema, sharedDisplayModeSchema } from './display-mode-schemas';

describe('display-mode defaults', () => {
  it('sort by modify time descending, pin folders, show a grid, apply globally', () => {
    expect(defaultDisplayMode).toEqual({
      orderType: 'MODIFY_TIME_DESC',
      pinFoldersTop: true,
      orderSettingGlobal: true,
      viewType: 'grid',
      viewSettingGlobal: true,
    });
    expect(displayModeSchema.parse(defaultDisplayMode)).toEqual(defaultDisplayMode);
  });

  it('have a shared variant without the Global flags', () => {
    expect(defaultSharedDisplayMode).toEqual({
      orderType: 'MODIFY_TIME_DESC',
      pinFoldersTop: true,
      viewType: 'grid',
    });
    expect(Object.keys(sharedDisplayModeSchema.shape).sort()).toEqual([
      'orderType',
      'pinFoldersTop',
      'viewType',
    ]);
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(defaultDisplayMode)).toBe(true);
    expect(Object.isFrozen(defaultSharedDisplayMode)).toBe(true);
  });
});

describe('storage names', () => {
  it('use the display_mode store and global_<userId> keys', () => {
    expect(displayModeStoreName).toBe('display_mode');
    expect(displayModeStorageKey('u123')).toBe('global_u123');
  });
});

describe('normalizeDisplayViewType', () => {
  it('keeps list and grid and stores grid for anything else', () => {
    expect(normalizeDisplayViewType('list')).toBe('list');
    expect(normalizeDisplayViewType('grid')).toBe('grid');
    expect(normalizeDisplayViewType('single')).toBe('grid');
    expect(normalizeDisplayViewType('flow')).toBe('grid');
    expect(normalizeDisplayViewType('LIST')).toBe('grid');
    expect(normalizeDisplayViewType(undefined)).toBe('grid');
  });
});

describe('normalizeOrderType', () => {
  it('stores the key name whatever notation came in', () => {
    expect(normalizeOrderType('SIZE_ASC')).toBe('SIZE_ASC');
    expect(normalizeOrderType('name_desc')).toBe('NAME_DESC');
    expect(normalizeOrderType(5)).toBe('MODIFY_TIME_ASC');
    expect(normalizeOrderType('3')).toBe('TYPE_DESC');
  });

  it('defaults an invalid order to modify time descending', () => {
    expect(normalizeOrderType('sideways')).toBe('MODIFY_TIME_DESC');
    expect(normalizeOrderType(4)).toBe('MODIFY_TIME_DESC');
    expect(normalizeOrderType(null)).toBe('MODIFY_TIME_DESC');
  });
});

describe('normalizeDisplayMode', () => {
  it('keeps a valid display mode as it is', () => {
    const mode = {
      orderType: 'NAME_ASC',
      pinFoldersTop: false,
      orderSettingGlobal: false,
      viewType: 'list',
      viewSettingGlobal: false,
    };
    expect(normalizeDisplayMode(mode)).toEqual(mode);
  });

  it('fills missing or mistyped fields with defaults and drops unknown ones', () => {
    expect(
      normalizeDisplayMode({
        orderType: 'size_desc',
        pinFoldersTop: 'yes',
        viewType: 'flow',
        extra: 1,
      }),
    ).toEqual({
      orderType: 'SIZE_DESC',
      pinFoldersTop: true,
      orderSettingGlobal: true,
      viewType: 'grid',
      viewSettingGlobal: true,
    });
  });

  it('gives the defaults for something that is not an object', () => {
    expect(normalizeDisplayMode(null)).toEqual(defaultDisplayMode);
    expect(normalizeDisplayMode('grid')).toEqual(defaultDisplayMode);
    expect(normalizeDisplayMode([1, 2])).toEqual(defaultDisplayMode);
  });

  it('always yields something the schema accepts', () => {
    for (const raw of [{}, { orderType: 99 }, { viewType: 7 }, undefined]) {
      expect(displayModeSchema.safeParse(normalizeDisplayMode(raw)).success).toBe(true);
    }
  });
});

describe('normalizeSharedDisplayMode', () => {
  it('drops the Global flags', () => {
    expect(
      normalizeSharedDisplayMode({ orderType: 8, viewType: 'list', orderSettingGlobal: false }),
    ).toEqual({ orderType: 'SIZE_DESC', pinFoldersTop: true, viewType: 'list' });
  });
});

describe('isEmptyDisplayMode', () => {
  it('is true for missing values and objects without fields', () => {
    expect(isEmptyDisplayMode(undefined)).toBe(true);
    expect(isEmptyDisplayMode(null)).toBe(true);
    expect(isEmptyDisplayMode({})).toBe(true);
    expect(isEmptyDisplayMode([])).toBe(true);
    expect(isEmptyDisplayMode('grid')).toBe(true);
  });

  it('is false for an object with any field', () => {
    expect(isEmptyDisplayMode({ viewType: 'list' })).toBe(false);
    expect(isEmptyDisplayMode(defaultDisplayMode)).toBe(false);
  });
});
