/*
 * Breadcrumbs of a folder: the root ("My files") and each folder from the top down to the one
 * shown, built from the folder's ancestors as the API gives them (each item knows its parent).
 */

/** The fields of a folder the breadcrumbs read. */
export interface FolderLink {
  readonly id: string;
  readonly name: string;
  readonly parent_id: string;
}

/** One breadcrumb; `id` `""` is the root. */
export interface Crumb {
  readonly id: string;
  readonly name: string;
}

/** A breadcrumb or the gap where middle crumbs are folded away. */
export type CrumbEntry = ({ kind: 'crumb' } & Crumb) | { kind: 'gap'; hidden: readonly Crumb[] };

/**
 * The path from the root to `folderId`, following `parent_id` through `known` folders. Stops
 * (and returns what it has) at an unknown folder or a cycle; `complete` says whether the root was
 * reached.
 */
export function buildBreadcrumbs(
  folderId: string,
  known: ReadonlyMap<string, FolderLink>,
  rootName: string,
): { crumbs: Crumb[]; complete: boolean; missing: string | undefined } {
  const path: Crumb[] = [];
  const seen = new Set<string>();
  let id = folderId;
  while (id !== '') {
    if (seen.has(id)) {
      return { crumbs: [{ id: '', name: rootName }, ...path], complete: false, missing: undefined };
    }
    seen.add(id);
    const folder = known.get(id);
    if (!folder) {
      return { crumbs: [{ id: '', name: rootName }, ...path], complete: false, missing: id };
    }
    path.unshift({ id: folder.id, name: folder.name });
    id = folder.parent_id;
  }
  return { crumbs: [{ id: '', name: rootName }, ...path], complete: true, missing: undefined };
}

/**
 * Folds a long path for a narrow bar: the root, a gap holding the middle crumbs, and the last
 * `tail` crumbs. Paths that fit (`max` crumbs or fewer) stay as they are.
 */
export function foldBreadcrumbs(crumbs: readonly Crumb[], max = 4, tail = 2): CrumbEntry[] {
  if (crumbs.length <= max || crumbs.length <= tail + 1) {
    return crumbs.map((crumb) => ({ kind: 'crumb', ...crumb }));
  }
  const [root, ...rest] = crumbs as [Crumb, ...Crumb[]];
  const hidden = rest.slice(0, rest.length - tail);
  const shown = rest.slice(rest.length - tail);
  return [
    { kind: 'crumb', ...root },
    { kind: 'gap', hidden },
    ...shown.map((crumb) => ({ kind: 'crumb' as const, ...crumb })),
  ];
}
