import { describe, expect, it } from 'vitest';
import type { DriveFile } from './drive-api';
import { canDropInto, chunked, downloadPlan, maxZipItems } from './transfer-plan';

function item(id: string, kind: DriveFile['kind'] = 'drive#file', parent = ''): DriveFile {
  return {
    kind,
    id,
    parent_id: parent,
    name: id,
    size: '1',
    mime_type: '',
    file_extension: '',
    file_category: 'OTHER',
    phase: 'PHASE_TYPE_COMPLETE',
    trashed: false,
    delete_time: '',
    starred: false,
    created_time: '',
    modified_time: '',
    thumbnail_link: '',
    web_content_link: '',
    links: {},
    params: {},
  };
}

describe('downloadPlan', () => {
  it('keeps the direct link for one file', () => {
    const file = item('a');
    expect(downloadPlan([file])).toEqual({ type: 'direct', file });
  });

  it('zips one folder, and several items of any kind', () => {
    expect(downloadPlan([item('f', 'drive#folder')])).toEqual({ type: 'zip', ids: ['f'] });
    expect(downloadPlan([item('a'), item('f', 'drive#folder')])).toEqual({
      type: 'zip',
      ids: ['a', 'f'],
    });
  });

  it('refuses more items than one zip takes, and does nothing without a selection', () => {
    const many = Array.from({ length: maxZipItems + 1 }, (_, index) => item(`i${index}`));
    expect(downloadPlan(many)).toEqual({ type: 'too-many', count: maxZipItems + 1 });
    expect(downloadPlan(many.slice(0, maxZipItems)).type).toBe('zip');
    expect(downloadPlan([])).toEqual({ type: 'none' });
  });
});

describe('chunked', () => {
  it('cuts ids into calls of at most the given size, in order', () => {
    expect(chunked(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(chunked([], 2)).toEqual([]);
    expect(chunked(Array.from({ length: 2500 }, (_, index) => index)).map((c) => c.length)).toEqual(
      [1000, 1000, 500],
    );
  });
});

describe('canDropInto', () => {
  const dragged = [item('a', 'drive#file', 'p'), item('f', 'drive#folder', 'p')];

  it('drops into another folder', () => {
    expect(canDropInto(dragged, 'g')).toBe(true);
    expect(canDropInto(dragged, '')).toBe(true);
  });

  it('never drops a folder into itself or items where they are', () => {
    expect(canDropInto(dragged, 'f')).toBe(false);
    expect(canDropInto(dragged, 'p')).toBe(false);
    expect(canDropInto([], 'g')).toBe(false);
  });
});
