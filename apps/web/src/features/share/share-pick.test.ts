import { describe, expect, it } from 'vitest';
import { clickItem, emptySelection, toggleItem } from '@/features/items/selection';
import {
  downloadGapMs,
  downloadOneByOne,
  downloadOf,
  maxZipItems,
  extendTo,
  gestureOf,
  intoFolder,
  maxPickedItems,
  pendingPickOf,
  pickedRestoreBody,
} from './share-pick';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('the save of a pick', () => {
  it('sends the chosen ids with the folders opened to reach them', () => {
    expect(pickedRestoreBody('s1', ['top', 'mid'], ['x', 'z'], false)).toEqual({
      share_id: 's1',
      file_ids: ['x', 'z'],
      ancestor_ids: ['top', 'mid'],
    });
    expect(pickedRestoreBody('s1', [], ['x'], false)).toEqual({ share_id: 's1', file_ids: ['x'] });
  });

  it('saves the whole share when nothing, or all of its root, is chosen', () => {
    expect(pickedRestoreBody('s1', ['top'], [], false)).toEqual({ share_id: 's1', file_ids: [] });
    expect(pickedRestoreBody('s1', [], ['x', 'y'], true)).toEqual({ share_id: 's1', file_ids: [] });
    // All of a folder inside the share is its items, not the share.
    expect(pickedRestoreBody('s1', ['top'], ['x', 'y'], true)?.file_ids).toEqual(['x', 'y']);
  });

  it('refuses a pick larger than one save, unless it is the whole share', () => {
    const many = Array.from({ length: maxPickedItems + 1 }, (_, index) => `i${index}`);
    expect(pickedRestoreBody('s1', ['top'], many, true)).toBeUndefined();
    expect(pickedRestoreBody('s1', [], many, false)).toBeUndefined();
    expect(pickedRestoreBody('s1', [], many, true)).toEqual({ share_id: 's1', file_ids: [] });
    expect(pickedRestoreBody('s1', [], many.slice(1), false)?.file_ids).toHaveLength(
      maxPickedItems,
    );
  });

  it('lands in the folder chosen, or in "Saved from shares"', () => {
    const body = { share_id: 's1', file_ids: ['x'], ancestor_ids: ['top'] };
    expect(intoFolder(body, 'mine')).toEqual({
      ...body,
      parent_id: 'mine',
      specify_parent_id: true,
    });
    expect(intoFolder(intoFolder(body, 'mine'), undefined)).toEqual(body);
  });
});

describe('downloads of a pick', () => {
  it('fetches one file by its link and zips several items or any folder', () => {
    const file = { id: 'f1', kind: 'drive#file' as const };
    const folder = { id: 'd1', kind: 'drive#folder' as const };
    expect(downloadOf('s1', [], [file], false)).toEqual({ kind: 'file', fileId: 'f1' });
    expect(downloadOf('s1', ['top'], [folder], false)).toEqual({
      kind: 'zip',
      body: { share_id: 's1', file_ids: ['d1'], ancestor_ids: ['top'] },
    });
    expect(downloadOf('s1', [], [file, folder], false)).toEqual({
      kind: 'zip',
      body: { share_id: 's1', file_ids: ['f1', 'd1'] },
    });
    // Everything at the share's root: the whole share.
    expect(downloadOf('s1', [], [file, folder], true)).toEqual({
      kind: 'zip',
      body: { share_id: 's1', file_ids: [] },
    });
    expect(downloadOf('s1', [], [], false)).toBeUndefined();
  });

  it('zips the open folder itself for a whole folder larger than one zip takes', () => {
    const many = Array.from({ length: maxZipItems + 1 }, (_, index) => ({
      id: `f${index}`,
      kind: 'drive#file' as const,
    }));
    expect(downloadOf('s1', ['top', 'inner'], many, true)).toEqual({
      kind: 'zip',
      body: { share_id: 's1', file_ids: ['inner'], ancestor_ids: ['top'] },
    });
    expect(downloadOf('s1', ['top'], many, true)).toEqual({
      kind: 'zip',
      body: { share_id: 's1', file_ids: ['top'] },
    });
    expect(downloadOf('s1', ['top'], many, false)).toBeUndefined();
    expect(downloadOf('s1', ['top'], many.slice(0, maxZipItems), false)?.kind).toBe('zip');
  });

  it('starts one file after the other with a pause between two, and stops when asked', async () => {
    const steps: string[] = [];
    const started = await downloadOneByOne(['f1', 'f2', 'f3'], {
      download: (id) => {
        steps.push(id);
        return Promise.resolve();
      },
      sleep: (ms) => {
        steps.push(`wait ${ms}`);
        return Promise.resolve();
      },
    });
    expect(started).toBe(3);
    expect(steps).toEqual(['f1', `wait ${downloadGapMs}`, 'f2', `wait ${downloadGapMs}`, 'f3']);

    const controller = new AbortController();
    const done: string[] = [];
    const count = await downloadOneByOne(['f1', 'f2', 'f3'], {
      download: (id) => {
        done.push(id);
        if (id === 'f2') {
          controller.abort();
        }
        return Promise.resolve();
      },
      sleep: () => Promise.resolve(),
      signal: controller.signal,
    });
    expect(count).toBe(2);
    expect(done).toEqual(['f1', 'f2']);
  });
});

describe('picking by keyboard, mouse and touch', () => {
  it('extends from the item the keyboard leaves when nothing is picked yet', () => {
    const first = extendTo(emptySelection, order, 'b', 'c');
    expect([...first.selected]).toEqual(['b', 'c']);
    const further = extendTo(first, order, 'c', 'd');
    expect([...further.selected]).toEqual(['b', 'c', 'd']);
    const back = extendTo(further, order, 'd', 'a');
    expect([...back.selected]).toEqual(['a', 'b']);
    expect(back.focus).toBe('a');
  });

  it('extends from the last item toggled', () => {
    const toggled = toggleItem(emptySelection, 'd');
    expect([...extendTo(toggled, order, 'a', 'b').selected]).toEqual(['b', 'c', 'd']);
  });

  it('opens on a plain click, toggles with Ctrl or Cmd, picks a range with Shift', () => {
    const plain = { shiftKey: false, ctrlKey: false, metaKey: false };
    expect(gestureOf(plain, { picking: true, touch: false })).toBe('open');
    expect(gestureOf(plain, { picking: false, touch: true })).toBe('open');
    expect(gestureOf(plain, { picking: true, touch: true })).toEqual({
      modifiers: { range: false, toggle: true },
    });
    expect(gestureOf({ ...plain, metaKey: true }, { picking: false, touch: false })).toEqual({
      modifiers: { range: false, toggle: true },
    });
    const range = gestureOf({ ...plain, shiftKey: true }, { picking: true, touch: false });
    expect(range).toEqual({ modifiers: { range: true, toggle: false } });
    if (range === 'open') {
      throw new Error('a Shift-click picks');
    }
    const anchored = toggleItem(emptySelection, 'b');
    expect([...clickItem(anchored, order, 'd', range.modifiers).selected]).toEqual(['b', 'c', 'd']);
  });

  it('shows a waiting save picked again only in the folder it was picked in', () => {
    const body = { share_id: 's1', file_ids: ['x', 'z'], ancestor_ids: ['top', 'mid'] };
    expect(pendingPickOf(body, ['top', 'mid'])).toEqual(['x', 'z']);
    expect(pendingPickOf(body, ['top'])).toEqual([]);
    expect(pendingPickOf({ share_id: 's1', file_ids: ['x'] }, [])).toEqual(['x']);
    expect(pendingPickOf({ share_id: 's1', file_ids: [] }, [])).toEqual([]);
    expect(pendingPickOf(undefined, [])).toEqual([]);
  });
});
