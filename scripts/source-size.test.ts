import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Rooms a newcomer can read: no TypeScript or JavaScript source over 600 lines, no React
 * component of the web app over 300. Files still over the line are named below, each one a debt:
 * the test also fails when a listed file has come under the limit, so the lists only shrink.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const maxFileLines = 600;
const maxComponentLines = 300;

/** Files over 600 lines that are still to be split. */
const largeFiles = new Set<string>([]);

/** Web components over 300 lines that are still to be split, as `file#Component`. */
const largeComponents = new Set<string>([]);

const sourceRoots = ['apps', 'packages', 'scripts', 'e2e', 'bench'];
const skippedDirectories = new Set(['node_modules', '.next', 'dist', 'coverage', 'test-results']);

/** Generated files say so in their first lines; declaration files are not written by hand. */
function generated(path: string, text: string): boolean {
  return path.endsWith('.d.ts') || /@generated|do not edit/i.test(text.slice(0, 400));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      return skippedDirectories.has(entry.name) ? [] : sourceFiles(path);
    }
    return /\.(ts|tsx|mts|cts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceRoots
  .flatMap((dir) => sourceFiles(dir))
  .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }))
  .filter(({ path, text }) => !generated(path, text));

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The name a function is known by: its own, or the variable it (or `memo(…)` of it) is bound to. */
function functionName(node: ts.FunctionLikeDeclaration): string | undefined {
  if (node.name && ts.isIdentifier(node.name)) {
    return node.name.text;
  }
  let parent = node.parent;
  while (ts.isCallExpression(parent) || ts.isParenthesizedExpression(parent)) {
    parent = parent.parent;
  }
  return ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)
    ? parent.name.text
    : undefined;
}

/** Every function of a web source file named like a component, with its length in lines. */
function componentLengths(path: string, text: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node)
    ) {
      const name = functionName(node);
      if (name && /^[A-Z]/.test(name)) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ name, lines: end - start + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('source size', () => {
  it(`has no file over ${maxFileLines} lines but the listed ones`, () => {
    const over = files.filter(({ text }) => lineCount(text) > maxFileLines).map(({ path }) => path);
    expect(over.filter((path) => !largeFiles.has(path))).toEqual([]);
  });

  it('lists only files that are still over the limit', () => {
    const over = new Set(
      files.filter(({ text }) => lineCount(text) > maxFileLines).map(({ path }) => path),
    );
    expect([...largeFiles].filter((path) => !over.has(path))).toEqual([]);
  });

  const webFiles = files.filter(({ path }) => path.startsWith('apps/web/src/'));
  const components = webFiles.flatMap(({ path, text }) =>
    componentLengths(path, text).map(({ name, lines }) => ({ id: `${path}#${name}`, lines })),
  );

  it(`has no web component over ${maxComponentLines} lines but the listed ones`, () => {
    expect(components.length).toBeGreaterThan(100);
    const over = components.filter(({ lines }) => lines > maxComponentLines);
    expect(over.filter(({ id }) => !largeComponents.has(id))).toEqual([]);
  });

  it('lists only components that are still over the limit', () => {
    const over = new Set(
      components.filter(({ lines }) => lines > maxComponentLines).map(({ id }) => id),
    );
    expect([...largeComponents].filter((id) => !over.has(id))).toEqual([]);
  });
});
