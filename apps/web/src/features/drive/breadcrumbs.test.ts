import { describe, expect, it } from 'vitest';
import type { FolderLink } from './breadcrumbs';
import { buildBreadcrumbs, foldBreadcrumbs } from './breadcrumbs';

function folders(...list: FolderLink[]): Map<string, FolderLink> {
  return new Map(list.map((folder) => [folder.id, folder]));
}

const tree = folders(
  { id: 'f1', name: 'Photos', parent_id: '' },
  { id: 'f2', name: '2026', parent_id: 'f1' },
  { id: 'f3', name: 'Июль', parent_id: 'f2' },
);

describe('breadcrumbs', () => {
  it('is only the root for the root', () => {
    expect(buildBreadcrumbs('', tree, 'My files')).toEqual({
      crumbs: [{ id: '', name: 'My files' }],
      complete: true,
      missing: undefined,
    });
  });

  it('walks from the folder up to the root', () => {
    const result = buildBreadcrumbs('f3', tree, 'My files');
    expect(result.complete).toBe(true);
    expect(result.crumbs).toEqual([
      { id: '', name: 'My files' },
      { id: 'f1', name: 'Photos' },
      { id: 'f2', name: '2026' },
      { id: 'f3', name: 'Июль' },
    ]);
  });

  it('says which folder it still needs when an ancestor is not known yet', () => {
    const partial = folders({ id: 'f3', name: 'Июль', parent_id: 'f2' });
    expect(buildBreadcrumbs('f3', partial, 'Root')).toEqual({
      crumbs: [
        { id: '', name: 'Root' },
        { id: 'f3', name: 'Июль' },
      ],
      complete: false,
      missing: 'f2',
    });
  });

  it('stops at a cycle', () => {
    const cyclic = folders(
      { id: 'a', name: 'A', parent_id: 'b' },
      { id: 'b', name: 'B', parent_id: 'a' },
    );
    const result = buildBreadcrumbs('a', cyclic, 'Root');
    expect(result.complete).toBe(false);
    expect(result.missing).toBeUndefined();
    expect(result.crumbs.map((crumb) => crumb.id)).toEqual(['', 'b', 'a']);
  });

  it('folds the middle of a long path', () => {
    const crumbs = ['', 'a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: id || 'Root' }));
    expect(foldBreadcrumbs(crumbs)).toEqual([
      { kind: 'crumb', id: '', name: 'Root' },
      {
        kind: 'gap',
        hidden: [
          { id: 'a', name: 'a' },
          { id: 'b', name: 'b' },
          { id: 'c', name: 'c' },
        ],
      },
      { kind: 'crumb', id: 'd', name: 'd' },
      { kind: 'crumb', id: 'e', name: 'e' },
    ]);
    expect(foldBreadcrumbs(crumbs.slice(0, 4))).toHaveLength(4);
  });
});
