#!/usr/bin/env node
// Every relative link in README.md, ARCHITECTURE.md and docs/*.md points at a file that exists
// (and, for a Markdown file, at a heading it has), and every `docs/<file>.md#<topic>` cited in
// the sources names a heading of that file: a renamed heading or a moved document fails here
// rather than leaving readers at a dead link.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map();
/** The anchors of a Markdown file's headings (fenced code skipped). */
function anchorsOf(file) {
  if (!anchorCache.has(file)) {
    const anchors = new Set();
    const counts = new Map();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        continue;
      }
      const match = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (match) {
        const slug = slugOf(match[1]);
        const seen = counts.get(slug) ?? 0;
        counts.set(slug, seen + 1);
        anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
      }
    }
    anchorCache.set(file, anchors);
  }
  return anchorCache.get(file);
}

function checkTarget(from, target, where) {
  const [filePart, anchor] = target.split('#');
  const file = filePart === '' ? from : path.resolve(path.dirname(from), decodeURI(filePart));
  if (!existsSync(file)) {
    problems.push(`${where}: ${target} — no such file`);
    return;
  }
  if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) {
    problems.push(`${where}: ${target} — no heading #${anchor}`);
  }
}

const docs = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
for (const doc of docs) {
  const file = path.join(root, doc);
  let fenced = false;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return;
      }
      if (fenced) return;
      for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        checkTarget(file, target, `${doc}:${index + 1}`);
      }
    });
}

// Citations in the sources: `docs/<file>.md#<topic>`.
const skip = new Set(['node_modules', '.next', 'dist', '.git', 'data', 'test-results']);
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      walk(full);
    } else if (/\.(ts|tsx|mjs|md)$/.test(name)) {
      readFileSync(full, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const match of line.matchAll(/\bdocs\/([a-z0-9-]+\.md)(#[a-z0-9-]+)?/g)) {
            const where = `${path.relative(root, full)}:${index + 1}`;
            checkTarget(path.join(root, 'README.md'), `docs/${match[1]}${match[2] ?? ''}`, where);
          }
        });
    }
  }
}
walk(root);

if (problems.length > 0) {
  console.error(`Links to missing documents or headings:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Links in ${docs.length} documents and the sources' docs/ citations resolve.`);
