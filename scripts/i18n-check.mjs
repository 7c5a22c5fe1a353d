// `npm run i18n:check`: every message catalogue has the same keys in all 11 locales, every
// value is valid ICU with the same arguments as English, and no value is left in English in a
// locale that is not English (brand names and letterless values aside).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

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

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The catalogues of the repository: the shared one, the server's mail texts and each web namespace. */
export function loadRepositoryCatalogues() {
  const catalogues = [];
  const sharedDir = path.join(root, 'packages/contracts/messages');
  catalogues.push({
    name: 'contracts',
    messages: Object.fromEntries(
      locales
        .filter((locale) => fs.existsSync(path.join(sharedDir, `${locale}.json`)))
        .map((locale) => [locale, readJson(path.join(sharedDir, `${locale}.json`))]),
    ),
  });
  // Server-side catalogues (mail texts) sit beside their module: modules/<name>/mail/messages.
  const modulesDir = path.join(root, 'apps/server/src/modules');
  const serverModules = fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir).sort() : [];
  for (const module of serverModules) {
    const dir = path.join(modulesDir, module, 'mail/messages');
    if (!fs.existsSync(dir)) {
      continue;
    }
    catalogues.push({
      name: `server/${module}-mail`,
      messages: Object.fromEntries(
        locales
          .filter((locale) => fs.existsSync(path.join(dir, `${locale}.json`)))
          .map((locale) => [locale, readJson(path.join(dir, `${locale}.json`))]),
      ),
    });
  }
  const webDir = path.join(root, 'apps/web/messages');
  const namespaces = fs.existsSync(path.join(webDir, sourceLocale))
    ? fs.readdirSync(path.join(webDir, sourceLocale)).filter((file) => file.endsWith('.json'))
    : [];
  for (const file of namespaces) {
    catalogues.push({
      name: `web/${file.replace(/\.json$/, '')}`,
      messages: Object.fromEntries(
        locales
          .filter((locale) => fs.existsSync(path.join(webDir, locale, file)))
          .map((locale) => [locale, readJson(path.join(webDir, locale, file))]),
      ),
    });
  }
  return catalogues;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catalogues = loadRepositoryCatalogues();
  const problems = checkCatalogues(catalogues);
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n\n${problems.length} i18n problem(s)\n`);
    process.exit(1);
  }
  process.stdout.write(
    `i18n: ${catalogues.length} catalogues, ${locales.length} locales, all complete\n`,
  );
}
