// `npm run i18n:check`: every message catalogue has the same keys in all 11 locales, every
// value is valid ICU with the same arguments as English, and no value is left in English in a
// locale that is not English (brand names and letterless values aside). Each locale also has a
// glossary (i18n/glossary/<locale>.json): its messages use the glossary's terms, not the words
// it avoids or forbids, and CJK locales with full-width punctuation never put ASCII punctuation
// beside CJK text. Every article of the help centre's catalogue has a title and a body, in as many
// paragraphs as English, in every locale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { importTypeScript } from './generated-file.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceLocale = 'en-US';
export const locales = ['en-US', 'es', 'id', 'ja', 'ko', 'ms', 'pt', 'ru', 'uk', 'zh-CN', 'zh-TW'];

/** Words that stay the same in every language: names of products, platforms and formats. */
const brandWords = new Set(
  [
    'Nimbus',
    'Android',
    'iOS',
    'iPhone',
    'iPad',
    'Windows',
    'Mac',
    'macOS',
    'Linux',
    'Apple',
    'Silicon',
    'Intel',
    'TV',
    'APK',
    'Google',
    'Play',
    'App',
    'Store',
    'Chrome',
    'Edge',
    'Firefox',
    'Safari',
    'Telegram',
    'Bot',
    'BitTorrent',
    'URL',
    'HTTP',
    'HTTPS',
    'API',
    'OpenAPI',
    'PDF',
    'ZIP',
    'VIP',
    'Premium',
    'OK',
    'ID',
    'GB',
    'TB',
    'MB',
    'KB',
    'PB',
    'E-mail',
    'Email',
    'Black',
    'Friday',
  ].map((word) => word.toLowerCase()),
);

/**
 * @param {unknown} value
 * @param {string} prefix
 * @param {Map<string, string>} out
 */
function flatten(value, prefix, out) {
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
    return out;
  }
  out.set(prefix, `\u0000not a string: ${JSON.stringify(value)}`);
  return out;
}

/**
 * The argument names of an ICU message, and its literal text.
 * @param {import('@formatjs/icu-messageformat-parser').MessageFormatElement[]} elements
 * @param {{ args: Set<string>, text: string[] }} acc
 */
function walk(elements, acc) {
  for (const element of elements) {
    if (element.type === TYPE.literal) {
      acc.text.push(element.value);
      continue;
    }
    if ('value' in element && typeof element.value === 'string' && element.type !== TYPE.pound) {
      acc.args.add(element.value);
    }
    if ('options' in element) {
      for (const option of Object.values(element.options)) {
        walk(option.value, acc);
      }
    }
    if ('children' in element) {
      walk(element.children, acc);
    }
  }
  return acc;
}

/** @param {string} message */
function analyse(message) {
  return walk(parse(message, { ignoreTag: false }), { args: new Set(), text: [] });
}

/** True when a text needs no translation: only brand words, numbers and punctuation. */
function isLanguageNeutral(text) {
  const words = text.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
  return words.every((word) => brandWords.has(word.toLowerCase()));
}

/**
 * Checks catalogues; each maps a locale to the parsed JSON of one namespace.
 * @param {{ name: string, messages: Record<string, unknown> }[]} catalogues
 * @returns {string[]} the problems found, one line each
 */
export function checkCatalogues(catalogues) {
  const problems = [];
  for (const { name, messages } of catalogues) {
    const source = messages[sourceLocale];
    if (source === undefined) {
      problems.push(`${name}: no ${sourceLocale} source`);
      continue;
    }
    const english = flatten(source, '', new Map());
    const englishArgs = new Map();
    for (const [key, value] of english) {
      try {
        const { args } = analyse(value);
        englishArgs.set(key, args);
      } catch (error) {
        problems.push(`${name} ${sourceLocale} ${key}: invalid ICU (${error.message})`);
      }
    }
    for (const locale of locales.filter((each) => each !== sourceLocale)) {
      if (messages[locale] === undefined) {
        problems.push(`${name}: missing locale ${locale}`);
        continue;
      }
      const translated = flatten(messages[locale], '', new Map());
      for (const key of english.keys()) {
        if (!translated.has(key)) {
          problems.push(`${name} ${locale} ${key}: missing`);
        }
      }
      for (const [key, value] of translated) {
        if (!english.has(key)) {
          problems.push(`${name} ${locale} ${key}: not in ${sourceLocale}`);
          continue;
        }
        let analysis;
        try {
          analysis = analyse(value);
        } catch (error) {
          problems.push(`${name} ${locale} ${key}: invalid ICU (${error.message})`);
          continue;
        }
        const expected = englishArgs.get(key);
        if (expected) {
          const missing = [...expected].filter((arg) => !analysis.args.has(arg));
          const extra = [...analysis.args].filter((arg) => !expected.has(arg));
          if (missing.length > 0 || extra.length > 0) {
            problems.push(
              `${name} ${locale} ${key}: arguments differ from ${sourceLocale} (missing ${missing.join(',') || '-'}, extra ${extra.join(',') || '-'})`,
            );
          }
        }
        if (value === english.get(key) && !isLanguageNeutral(analysis.text.join(' '))) {
          problems.push(`${name} ${locale} ${key}: left in English ("${value.slice(0, 60)}")`);
        }
      }
    }
  }
  return problems;
}

const helpArticlesCatalogue = 'web/help-articles';

/** The paragraphs of an article's body: separated by a blank line. */
function paragraphCount(body) {
  return body.split(/\n\s*\n/u).filter((paragraph) => paragraph.trim() !== '').length;
}

/**
 * Checks that every article of the help centre (`slugs`, the catalogue in
 * packages/contracts/src/help-center.ts) has a non-empty title and body in every locale's
 * `help-articles` messages, with as many paragraphs as English, and that no locale has an
 * article the catalogue does not list.
 * @param {{ name: string, messages: Record<string, unknown> }[]} catalogues
 * @param {readonly string[]} slugs
 * @returns {string[]} the problems found, one line each
 */
export function checkHelpArticles(catalogues, slugs) {
  const catalogue = catalogues.find((each) => each.name === helpArticlesCatalogue);
  if (!catalogue) {
    return [`${helpArticlesCatalogue}: missing`];
  }
  const problems = [];
  const english = catalogue.messages[sourceLocale] ?? {};
  for (const locale of locales) {
    const messages = catalogue.messages[locale];
    if (messages === undefined) {
      problems.push(`${helpArticlesCatalogue}: missing locale ${locale}`);
      continue;
    }
    for (const slug of slugs) {
      const article = messages[slug];
      const texts = ['title', 'body'].map((field) => {
        const text = article?.[field];
        if (typeof text !== 'string' || text.trim() === '') {
          problems.push(
            `${helpArticlesCatalogue} ${locale} ${slug}.${field}: missing help article`,
          );
          return undefined;
        }
        return text;
      });
      const body = texts[1];
      const englishBody = english[slug]?.body;
      if (body !== undefined && typeof englishBody === 'string') {
        const [count, expected] = [paragraphCount(body), paragraphCount(englishBody)];
        if (count !== expected) {
          problems.push(
            `${helpArticlesCatalogue} ${locale} ${slug}.body: ${count} paragraph(s), ${sourceLocale} has ${expected}`,
          );
        }
      }
    }
    for (const key of Object.keys(messages)) {
      if (!slugs.includes(key)) {
        problems.push(
          `${helpArticlesCatalogue} ${locale} ${key}: not an article of the help centre`,
        );
      }
    }
  }
  return problems;
}

/** The slugs of the help centre's articles, from the contracts' catalogue. */
export async function loadHelpArticleSlugs() {
  const { helpArticleSlugs } = await importTypeScript('packages/contracts/src/help-center.ts');
  return helpArticleSlugs;
}

const glossaryDir = path.join(root, 'i18n/glossary');

/** Letters of scripts written without spaces between words: matched as plain substrings. */
const unspacedScript = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u;
/** Characters that make ASCII punctuation beside them wrong in a full-width locale. */
const cjkCharacter = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const asciiPunctuation = new Set([',', '?', '!', ':', '(', ')', ';']);
/** URLs and `code` keep their ASCII punctuation. */
const verbatim = /https?:\/\/\S+|`[^`]*`/gu;

/** @param {string} text */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where a glossary word occurs in a text. Words of unspaced scripts (CJK, Hangul) match anywhere;
 * other words match whole words, ignoring case; a trailing `*` matches any ending ("облачн*").
 * @param {string} text
 * @param {string} word
 * @returns {number[]}
 */
function occurrences(text, word) {
  const stem = word.endsWith('*');
  const body = escapeRegExp(stem ? word.slice(0, -1) : word);
  const pattern = unspacedScript.test(word)
    ? new RegExp(body, 'giu')
    : new RegExp(
        `(?<![\\p{L}\\p{M}\\p{N}])${body}${stem ? '[\\p{L}\\p{M}]*' : ''}(?![\\p{L}\\p{M}\\p{N}])`,
        'giu',
      );
  return [...text.matchAll(pattern)].map((match) => match.index);
}

/**
 * True when the avoided word at `index` is only part of a term the glossary asks for
 * ("フォルダ" inside "フォルダー", "會員" inside "進階會員").
 * @param {string} text
 * @param {number} index
 * @param {string} word
 * @param {string[]} uses
 */
function insideUsedTerm(text, index, word, uses) {
  const lower = text.toLowerCase();
  const needle = word.replace(/\*$/, '').toLowerCase();
  return uses.some((use) => {
    const term = use.toLowerCase();
    for (let at = term.indexOf(needle); at !== -1; at = term.indexOf(needle, at + 1)) {
      if (index - at >= 0 && lower.startsWith(term, index - at)) {
        return true;
      }
    }
    return false;
  });
}

/** @param {string} text @param {number} index */
function excerpt(text, index) {
  const start = Math.max(0, index - 20);
  return `${start > 0 ? '…' : ''}${text.slice(start, index + 30)}${index + 30 < text.length ? '…' : ''}`;
}

/**
 * The glossary problems of one text of a locale.
 * @param {string} text literal text of a message (no placeholders)
 * @param {Glossary} glossary
 * @returns {string[]}
 */
function glossaryProblems(text, glossary) {
  const problems = [];
  const uses = glossary.terms.map((term) => term.use);
  for (const term of glossary.terms) {
    for (const word of term.avoid) {
      for (const index of occurrences(text, word)) {
        if (!insideUsedTerm(text, index, word, uses)) {
          problems.push(
            `uses "${word}" where the glossary says "${term.use}" (${term.concept}) in "${excerpt(text, index)}"`,
          );
        }
      }
    }
  }
  for (const { text: word, reason } of glossary.forbid) {
    for (const index of occurrences(text, word)) {
      if (!insideUsedTerm(text, index, word, uses)) {
        problems.push(`uses "${word}" (${reason}) in "${excerpt(text, index)}"`);
      }
    }
  }
  if (glossary.punctuation === 'full-width') {
    const plain = text.replace(verbatim, (match) => ' '.repeat(match.length));
    const chars = [...plain];
    chars.forEach((char, index) => {
      if (
        asciiPunctuation.has(char) &&
        (cjkCharacter.test(chars[index - 1] ?? '') || cjkCharacter.test(chars[index + 1] ?? ''))
      ) {
        const at = chars.slice(0, index).join('').length;
        problems.push(`ASCII "${char}" beside CJK text (use full-width) in "${excerpt(text, at)}"`);
      }
    });
  }
  return problems;
}

/**
 * @typedef {{ concept: string, use: string, avoid: string[] }} GlossaryTerm
 * @typedef {{ register: string, punctuation: 'full-width' | 'latin', terms: GlossaryTerm[],
 *   forbid: { text: string, reason: string }[] }} Glossary
 */

/**
 * The shape problems of a parsed glossary file; none means it can be used.
 * @param {unknown} glossary
 * @returns {string[]}
 */
function glossaryShapeProblems(glossary) {
  const problems = [];
  const isText = (value) => typeof value === 'string' && value.trim() !== '';
  if (!glossary || typeof glossary !== 'object' || Array.isArray(glossary)) {
    return ['not a JSON object'];
  }
  const { register, punctuation, terms, forbid } = /** @type {Record<string, unknown>} */ (
    glossary
  );
  if (!isText(register)) {
    problems.push('"register" must describe the register and punctuation rules');
  }
  if (punctuation !== 'full-width' && punctuation !== 'latin') {
    problems.push('"punctuation" must be "full-width" or "latin"');
  }
  if (
    !Array.isArray(terms) ||
    !terms.every(
      (term) =>
        term &&
        isText(term.concept) &&
        isText(term.use) &&
        Array.isArray(term.avoid) &&
        term.avoid.every(isText),
    )
  ) {
    problems.push('"terms" must be a list of { concept, use, avoid: [text] }');
  }
  if (
    !Array.isArray(forbid) ||
    !forbid.every((entry) => entry && isText(entry.text) && isText(entry.reason))
  ) {
    problems.push('"forbid" must be a list of { text, reason }');
  }
  return problems;
}

/**
 * Checks every message of every locale against the locale's glossary.
 * @param {{ name: string, messages: Record<string, unknown>, files?: Record<string, string> }[]} catalogues
 * @param {Record<string, unknown>} glossaries parsed glossary per locale (undefined when its file is missing)
 * @returns {string[]} the problems found, one line each
 */
export function checkGlossaries(catalogues, glossaries) {
  const problems = [];
  /** @type {Map<string, Glossary>} */
  const usable = new Map();
  for (const locale of locales) {
    const file = `i18n/glossary/${locale}.json`;
    if (glossaries[locale] === undefined) {
      problems.push(`${file}: missing (every locale has a glossary and register note)`);
      continue;
    }
    const shape = glossaryShapeProblems(glossaries[locale]);
    if (shape.length > 0) {
      problems.push(...shape.map((problem) => `${file}: ${problem}`));
      continue;
    }
    usable.set(locale, /** @type {Glossary} */ (glossaries[locale]));
  }
  for (const { name, messages, files } of catalogues) {
    for (const [locale, glossary] of usable) {
      if (messages[locale] === undefined) {
        continue;
      }
      const where = files?.[locale] ?? name;
      for (const [key, value] of flatten(messages[locale], '', new Map())) {
        let literals;
        try {
          literals = analyse(value).text;
        } catch {
          continue; // reported by checkCatalogues
        }
        for (const literal of literals) {
          for (const problem of glossaryProblems(literal, glossary)) {
            problems.push(`${where} ${locale} ${key}: ${problem}`);
          }
        }
      }
    }
  }
  return problems;
}

/** The glossary of each locale, parsed; undefined where the file is missing. */
export function loadRepositoryGlossaries() {
  return Object.fromEntries(
    locales.map((locale) => {
      const file = path.join(glossaryDir, `${locale}.json`);
      return [locale, fs.existsSync(file) ? readJson(file) : undefined];
    }),
  );
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * One catalogue: the parsed file of each locale that has one, and where each file is.
 * @param {string} name
 * @param {string} dir
 * @param {(locale: string) => string} fileOf the file of a locale, relative to dir
 */
function catalogueOf(name, dir, fileOf) {
  const present = locales.filter((locale) => fs.existsSync(path.join(dir, fileOf(locale))));
  return {
    name,
    messages: Object.fromEntries(
      present.map((locale) => [locale, readJson(path.join(dir, fileOf(locale)))]),
    ),
    files: Object.fromEntries(
      present.map((locale) => [locale, path.relative(root, path.join(dir, fileOf(locale)))]),
    ),
  };
}

/** The catalogues of the repository: the shared one, the server's mail texts and each web namespace. */
export function loadRepositoryCatalogues() {
  const catalogues = [];
  const sharedDir = path.join(root, 'packages/contracts/messages');
  catalogues.push(catalogueOf('contracts', sharedDir, (locale) => `${locale}.json`));
  // Server-side catalogues (mail texts) sit beside their module: modules/<name>/mail/messages.
  const modulesDir = path.join(root, 'apps/server/src/modules');
  const serverModules = fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir).sort() : [];
  for (const module of serverModules) {
    const dir = path.join(modulesDir, module, 'mail/messages');
    if (!fs.existsSync(dir)) {
      continue;
    }
    catalogues.push(catalogueOf(`server/${module}-mail`, dir, (locale) => `${locale}.json`));
  }
  const webDir = path.join(root, 'apps/web/messages');
  const namespaces = fs.existsSync(path.join(webDir, sourceLocale))
    ? fs.readdirSync(path.join(webDir, sourceLocale)).filter((file) => file.endsWith('.json'))
    : [];
  for (const file of namespaces) {
    catalogues.push(
      catalogueOf(`web/${file.replace(/\.json$/, '')}`, webDir, (locale) =>
        path.join(locale, file),
      ),
    );
  }
  return catalogues;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catalogues = loadRepositoryCatalogues();
  const problems = [
    ...checkCatalogues(catalogues),
    ...checkHelpArticles(catalogues, await loadHelpArticleSlugs()),
    ...checkGlossaries(catalogues, loadRepositoryGlossaries()),
  ];
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n\n${problems.length} i18n problem(s)\n`);
    process.exit(1);
  }
  process.stdout.write(
    `i18n: ${catalogues.length} catalogues, ${locales.length} locales, all complete and within their glossaries\n`,
  );
}
