import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeCycle, importCycles, readModuleGraph, type GraphSpec } from './module-graph';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Tests import across modules freely; the graph is that of the running code. */
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/**
 * The server's modules: each folder of `src/modules`, each other folder of `src` (`http`,
 * `db`, `jobs`, `lib`...) and each file at the top of `src` (`container.ts`, `config.ts`...).
 */
export function serverNodeOf(path: string): string | undefined {
  if (isTest(path)) {
    return undefined;
  }
  const parts = path.split('/');
  if (parts[0] === 'modules' && parts.length > 2) {
    return `modules/${parts[1]}`;
  }
  return parts.length > 1 ? parts[0] : (parts[0] as string).replace(/\.ts$/, '');
}

/**
 * The web app's features: each folder of `src/features` (the app's plumbing, which every feature
 * imports, lives in `src/lib` and `src/components`, outside this graph).
 */
export function webFeatureOf(path: string): string | undefined {
  const parts = path.split('/');
  return isTest(path) || parts.length < 2 ? undefined : parts[0];
}

/**
 * The graphs kept free of import cycles. Another part of the repository joins by adding its
 * spec here (the web app's features: `root: 'apps/web/src'`, `aliases: { '@/': 'apps/web/src/' }`).
 */
export const graphs: GraphSpec[] = [
  {
    name: 'server modules',
    root: 'apps/server/src',
    nodeOf: serverNodeOf,
    confined: [
      {
        module: 'kysely',
        allowed: (path) => path.endsWith('.repository.ts') || path.startsWith('db/'),
        why: 'only repositories (and src/db) query the database',
      },
    ],
  },
  {
    name: 'server files',
    root: 'apps/server/src',
    nodeOf: (path) => (isTest(path) ? undefined : path),
  },
  {
    name: 'web features',
    root: 'apps/web/src/features',
    nodeOf: webFeatureOf,
    aliases: { '@/': 'apps/web/src/' },
  },
];

describe.each(graphs)('the import graph of $name', (spec) => {
  const graph = readModuleGraph(spec, repoRoot);

  it('has no cycle', () => {
    expect(graph.nodes.length).toBeGreaterThan(1);
    expect(importCycles(graph).map(describeCycle)).toEqual([]);
  });

  it('keeps confined packages where they belong', () => {
    expect(graph.misplaced).toEqual([]);
  });
});

describe('importCycles', () => {
  const edge = (from: string, to: string) => ({ from, to, file: `${from}.ts`, target: `${to}.ts` });

  it('finds each knot with the imports inside it, and nothing in a graph without one', () => {
    const knotted = {
      nodes: ['a', 'b', 'c', 'd'],
      edges: [edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')],
      misplaced: [],
    };
    expect(importCycles(knotted)).toEqual([
      { nodes: ['a', 'b', 'c'], edges: [edge('a', 'b'), edge('b', 'c'), edge('c', 'a')] },
    ]);
    expect(describeCycle(importCycles(knotted)[0]!)).toBe(
      'a <-> b <-> c\n  a.ts -> b.ts\n  b.ts -> c.ts\n  c.ts -> a.ts',
    );
    expect(importCycles({ ...knotted, edges: knotted.edges.slice(0, 2) })).toEqual([]);
  });
});

describe('serverNodeOf', () => {
  it('groups files by module, by folder of src, or as a file at the top of src', () => {
    expect(serverNodeOf('modules/share/share-access.ts')).toBe('modules/share');
    expect(serverNodeOf('modules/offline/torrent/torrent-fetcher.ts')).toBe('modules/offline');
    expect(serverNodeOf('http/app-error.ts')).toBe('http');
    expect(serverNodeOf('container.ts')).toBe('container');
    expect(serverNodeOf('modules/share/share.policy.test.ts')).toBeUndefined();
  });
});

describe('webFeatureOf', () => {
  it('groups files by feature folder, sub-folders included, and leaves tests out', () => {
    expect(webFeatureOf('drive/browser/use-drag-move.ts')).toBe('drive');
    expect(webFeatureOf('share/share-file-list.tsx')).toBe('share');
    expect(webFeatureOf('share/share-pick.test.ts')).toBeUndefined();
  });
});
