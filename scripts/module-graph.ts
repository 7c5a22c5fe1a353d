import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of a part of the repository, read with the TypeScript compiler's own import
 * scanner (`preProcessFile`: every `import`, `import type`, `export ... from` and dynamic
 * `import()`), so a knot between modules shows before it hardens. Files are grouped into nodes
 * (a server module, a web feature); an import from one node into another is an edge.
 */
export interface GraphSpec {
  /** What the graph is, as a failure names it. */
  name: string;
  /** The folder whose `.ts`/`.tsx` files are read, relative to the repository root. */
  root: string;
  /**
   * The node a file belongs to, from its path relative to `root` with `/` separators; undefined
   * leaves the file out of the graph (its imports are not edges).
   */
  nodeOf: (path: string) => string | undefined;
  /** Import prefixes that stand for a folder (a path alias such as the web app's `@/`). */
  aliases?: Record<string, string>;
  /** Packages that only some files may import: the package and a test of the importing path. */
  confined?: { module: string; allowed: (path: string) => boolean; why: string }[];
}

export interface ImportEdge {
  from: string;
  to: string;
  /** The file that imports and the file it imports, relative to `root`. */
  file: string;
  target: string;
}

export interface ModuleGraph {
  nodes: string[];
  edges: ImportEdge[];
  /** Files that import a confined package where they may not: the file and the rule's reason. */
  misplaced: { file: string; module: string; why: string }[];
}

const sourcePattern = /\.(ts|tsx)$/;
const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The TypeScript sources below `folder` (no declaration files, no node_modules or dot folders). */
export function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder)) {
    if (entry === 'node_modules' || entry.startsWith('.')) {
      continue;
    }
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) {
      found.push(...sourceFiles(path));
    } else if (sourcePattern.test(entry) && !entry.endsWith('.d.ts')) {
      found.push(path);
    }
  }
  return found;
}

/** The source file an import names, or undefined for a package or a file outside the tree. */
function resolveImport(
  specifier: string,
  file: string,
  aliases: Record<string, string>,
): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('.')) {
    base = resolve(dirname(file), specifier);
  } else {
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
    if (alias !== undefined) {
      base = resolve(aliases[alias] as string, specifier.slice(alias.length));
    }
  }
  if (base === undefined) {
    return undefined;
  }
  const stem = base.replace(/\.(js|mjs)$/, '');
  if (sourcePattern.test(stem) && existsSync(stem)) {
    return stem;
  }
  return extensions.map((ending) => stem + ending).find((candidate) => existsSync(candidate));
}

/** Reads the graph of one part of the repository (`repoRoot` is the repository's folder). */
export function readModuleGraph(spec: GraphSpec, repoRoot: string): ModuleGraph {
  const root = resolve(repoRoot, spec.root);
  const aliases = Object.fromEntries(
    Object.entries(spec.aliases ?? {}).map(([prefix, folder]) => [
      prefix,
      resolve(repoRoot, folder),
    ]),
  );
  const pathOf = (file: string) => relative(root, file).split(sep).join('/');
  const nodes = new Set<string>();
  const edges: ImportEdge[] = [];
  const misplaced: ModuleGraph['misplaced'] = [];
  for (const file of sourceFiles(root)) {
    const path = pathOf(file);
    const from = spec.nodeOf(path);
    if (from === undefined) {
      continue;
    }
    nodes.add(from);
    const scanned = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of scanned.importedFiles) {
      for (const rule of spec.confined ?? []) {
        if (
          (specifier === rule.module || specifier.startsWith(`${rule.module}/`)) &&
          !rule.allowed(path)
        ) {
          misplaced.push({ file: path, module: rule.module, why: rule.why });
        }
      }
      const target = resolveImport(specifier, file, aliases);
      if (target === undefined || !target.startsWith(root + sep)) {
        continue;
      }
      const to = spec.nodeOf(pathOf(target));
      if (to !== undefined && to !== from) {
        edges.push({ from, to, file: path, target: pathOf(target) });
      }
    }
  }
  return { nodes: [...nodes].sort(), edges, misplaced };
}

/**
 * The knots of a graph: each set of two or more nodes that reach one another (Tarjan's strongly
 * connected components), with the edges inside it, the imports to cut.
 */
export function importCycles(graph: ModuleGraph): { nodes: string[]; edges: ImportEdge[] }[] {
  const next = new Map<string, Set<string>>();
  for (const edge of graph.edges) {
    const targets = next.get(edge.from) ?? new Set<string>();
    targets.add(edge.to);
    next.set(edge.from, targets);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const knot: string[] = [];
      for (;;) {
        const member = stack.pop() as string;
        onStack.delete(member);
        knot.push(member);
        if (member === node) {
          break;
        }
      }
      if (knot.length > 1) {
        knots.push(knot.sort());
      }
    }
  };
  for (const node of graph.nodes) {
    if (!index.has(node)) {
      visit(node);
    }
  }
  return knots.map((knot) => {
    const members = new Set(knot);
    return {
      nodes: knot,
      edges: graph.edges.filter((edge) => members.has(edge.from) && members.has(edge.to)),
    };
  });
}

/** A knot as a failure shows it: its nodes, then each import inside it, one a line. */
export function describeCycle(knot: { nodes: string[]; edges: ImportEdge[] }): string {
  const lines = [...new Set(knot.edges.map((edge) => `  ${edge.file} -> ${edge.target}`))];
  return [`${knot.nodes.join(' <-> ')}`, ...lines].join('\n');
}
