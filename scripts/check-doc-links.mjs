#!/usr/bin/env node
// Every relative link in README.md, ARCHITECTURE.md and docs/*.md points at a file that exists
// (and, for a Markdown file, at a heading it has), and every `docs/<file>.md#<topic>` cited in
// the sources names a heading of that file: a renamed heading or a moved document fails here
// rather than leaving readers at a dead link. Citations of documents that are not in the
// repository (an outside specification, its numbered sections) fail too: the sources cite
// docs/product.md and docs/api.md instead.
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

/** Ways of citing a document outside the repository. */
const outsideCitations = [
  /(?<![\w/.-])(?:API|UX|STYLE|STACK-NOTES)\.md\b/,
  /\bspec(?:ification)? section\b/i,
  /\bthe spec(?:ification)?(?:'s)?\b/i,
  /\bissue \d+\b/i,
];

/** A `§` number that is not a section of an RFC named just before it. */
function outsideSection(previous, line) {
  for (const match of line.matchAll(/§\s?\d/g)) {
    const before = `${previous} ${line.slice(0, match.index)}`;
    if (!/RFC \d+[^§]{0,40}(?:§[\d.]+[^§]{0,10})*$/.test(before)) {
      return true;
    }
  }
  return false;
}

// Citations in the sources: `docs/<file>.md#<topic>`, and none of a document outside.
const self = fileURLToPath(import.meta.url);
const skip = new Set(['node_modules', '.next', 'dist', '.git', 'data', 'test-results']);
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      walk(full);
    } else if (/\.(ts|tsx|mjs|md)$/.test(name)) {
      const lines = readFileSync(full, 'utf8').split('\n');
      lines.forEach((line, index) => {
        const where = `${path.relative(root, full)}:${index + 1}`;
        if (full !== self) {
          const outside = outsideCitations.find((pattern) => pattern.test(line));
          if (outside !== undefined || outsideSection(lines[index - 1] ?? '', line)) {
            problems.push(`${where}: cites a document outside the repository: ${line.trim()}`);
          }
        }
        for (const match of line.matchAll(/\bdocs\/([a-z0-9-]+\.md)(#[a-z0-9-]+)?/g)) {
          checkTarget(path.join(root, 'README.md'), `docs/${match[1]}${match[2] ?? ''}`, where);
        }
      });
    }
  }
}
walk(root);

if (problems.length > 0) {
  console.error(
    `Links to missing documents or headings, or to documents outside the repository:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`Links in ${docs.length} documents and the sources' docs/ citations resolve.`);
