import { describe, expect, it } from 'vitest';
import {
  checkCatalogues,
  checkGlossaries,
  checkHelpArticles,
  loadHelpArticleSlugs,
  loadRepositoryCatalogues,
  locales,
} from './i18n-check.mjs';

const translations: Record<string, string> = {
  'en-US': 'Hello {name}',
  es: 'Hola {name}',
  id: 'Halo {name}',
  ja: 'こんにちは {name}',
  ko: '안녕하세요 {name}',
  ms: 'Helo {name}',
  pt: 'Olá {name}',
  ru: 'Привет {name}',
  uk: 'Привіт {name}',
  'zh-CN': '你好 {name}',
  'zh-TW': '你好 {name}',
};

function catalogue(
  edit: (messages: Record<string, Record<string, string>>) => void = () => undefined,
) {
  const messages = Object.fromEntries(
    locales.map((locale) => [
      locale,
      { greeting: translations[locale]!, brand: 'Nimbus · Android 2.0' },
    ]),
  );
  edit(messages);
  return [{ name: 'demo', messages }];
}

describe('the i18n check', () => {
  it('passes complete translations and brand-only values', () => {
    expect(checkCatalogues(catalogue())).toEqual([]);
  });

  it('fails on a missing key', () => {
    const problems = checkCatalogues(catalogue((messages) => delete messages.ko!.greeting));
    expect(problems).toEqual(['demo ko greeting: missing']);
  });

  it('fails on a value left in English', () => {
    const problems = checkCatalogues(
      catalogue((messages) => (messages.ru!.greeting = 'Hello {name}')),
    );
    expect(problems).toEqual(['demo ru greeting: left in English ("Hello {name}")']);
  });

  it('fails on invalid ICU and on changed arguments', () => {
    const problems = checkCatalogues(
      catalogue((messages) => {
        messages.ja!.greeting = 'こんにちは {name';
        messages.es!.greeting = 'Hola {nombre}';
      }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^demo es greeting: arguments differ/);
    expect(problems[1]).toMatch(/^demo ja greeting: invalid ICU/);
  });

  it('fails on a missing locale', () => {
    const problems = checkCatalogues(catalogue((messages) => delete messages['zh-TW']));
    expect(problems).toEqual(['demo: missing locale zh-TW']);
  });

  it('checks the policy texts: one missing in one locale, or a locale without them, fails', () => {
    const policy = loadRepositoryCatalogues().find(({ name }) => name === 'web/policy-texts');
    expect(policy, 'apps/web/messages/<locale>/policy-texts.json').toBeDefined();
    const messages = structuredClone(policy?.messages ?? {}) as Record<
      string,
      { docs: Record<string, Record<string, { body?: string }>> }
    >;
    delete messages.ko?.docs['child-sexual-abuse']?.['reporting']?.body;
    const withoutUk = structuredClone(messages);
    delete withoutUk.uk;
    expect(checkCatalogues([{ name: 'web/policy-texts', messages }])).toContain(
      'web/policy-texts ko docs.child-sexual-abuse.reporting.body: missing',
    );
    expect(checkCatalogues([{ name: 'web/policy-texts', messages: withoutUk }])).toContain(
      'web/policy-texts: missing locale uk',
    );
  });
});

function glossary(overrides: Record<string, unknown> = {}) {
  return {
    register: 'Plain and friendly.',
    punctuation: 'latin',
    terms: [],
    forbid: [],
    ...overrides,
  };
}

function glossaries(edit: (all: Record<string, unknown>) => void = () => undefined) {
  const all: Record<string, unknown> = Object.fromEntries(
    locales.map((locale) => [locale, glossary()]),
  );
  edit(all);
  return all;
}

function withText(locale: string, text: string) {
  return catalogue((messages) => (messages[locale]!.greeting = text));
}

describe('the glossary check', () => {
  it('passes messages that keep to their glossary', () => {
    expect(checkGlossaries(catalogue(), glossaries())).toEqual([]);
  });

  it('fails when a locale has no glossary or a malformed one', () => {
    const problems = checkGlossaries(
      catalogue(),
      glossaries((all) => {
        delete all.ko;
        all.ja = { ...glossary(), punctuation: 'half' };
      }),
    );
    expect(problems).toEqual([
      'i18n/glossary/ja.json: "punctuation" must be "full-width" or "latin"',
      'i18n/glossary/ko.json: missing (every locale has a glossary and register note)',
    ]);
  });

  it('names locale, file, key and text of an avoided term, matching whole Latin words in any case', () => {
    const ru = glossary({ terms: [{ concept: 'premium', use: 'премиум', avoid: ['Premium'] }] });
    const [problem, ...rest] = checkGlossaries(
      [{ ...withText('ru', 'Ваш PREMIUM, {name}')[0]!, files: { ru: 'messages/ru.json' } }],
      glossaries((all) => (all.ru = ru)),
    );
    expect(rest).toEqual([]);
    expect(problem).toBe(
      'messages/ru.json ru greeting: uses "Premium" where the glossary says "премиум" (premium) in "Ваш PREMIUM, "',
    );
    // a longer word that only contains the avoided one is not flagged
    expect(
      checkGlossaries(
        withText('ru', 'Premiumness {name}'),
        glossaries((all) => (all.ru = ru)),
      ),
    ).toEqual([]);
  });

  it('matches a trailing * as any word ending', () => {
    const ru = glossary({
      terms: [{ concept: 'offline download', use: 'офлайн-загрузка', avoid: ['облачн*'] }],
    });
    const problems = checkGlossaries(
      withText('ru', 'Облачного скачивания нет, {name}'),
      glossaries((all) => (all.ru = ru)),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^demo ru greeting: uses "облачн\*"/);
  });

  it('matches CJK terms inside words, but not inside the term to use', () => {
    const ja = glossary({
      punctuation: 'full-width',
      terms: [{ concept: 'folder', use: 'フォルダー', avoid: ['フォルダ'] }],
    });
    const zhTW = glossary({
      punctuation: 'full-width',
      terms: [{ concept: 'premium', use: '進階會員', avoid: ['會員'] }],
      forbid: [{ text: '您', reason: 'register is 你' }],
    });
    expect(
      checkGlossaries(
        withText('ja', '新しいフォルダーを作成 {name}'),
        glossaries((all) => (all.ja = ja)),
      ),
    ).toEqual([]);
    expect(
      checkGlossaries(
        withText('ja', 'フォルダを作成 {name}'),
        glossaries((all) => (all.ja = ja)),
      ),
    ).toHaveLength(1);
    const problems = checkGlossaries(
      withText('zh-TW', '您已成為進階會員，其他會員 {name}'),
      glossaries((all) => (all['zh-TW'] = zhTW)),
    );
    expect(problems).toEqual([
      'demo zh-TW greeting: uses "會員" where the glossary says "進階會員" (premium) in "您已成為進階會員，其他會員 "',
      'demo zh-TW greeting: uses "您" (register is 你) in "您已成為進階會員，其他會員 "',
    ]);
  });

  it('fails on ASCII punctuation beside CJK text in a full-width locale only', () => {
    const fullWidth = glossaries((all) => (all['zh-TW'] = glossary({ punctuation: 'full-width' })));
    const problems = checkGlossaries(withText('zh-TW', '你好,{name}(測試)'), fullWidth);
    expect(problems.map((problem) => problem.split(' in ')[0])).toEqual([
      'demo zh-TW greeting: ASCII "," beside CJK text (use full-width)',
      'demo zh-TW greeting: ASCII "(" beside CJK text (use full-width)',
      'demo zh-TW greeting: ASCII ")" beside CJK text (use full-width)',
    ]);
    // placeholders, URLs, code and Latin text keep their ASCII punctuation
    expect(
      checkGlossaries(
        withText('zh-TW', '請開啟 https://nimbus.example/a,b?c=1 或輸入 `a:b` 給 {name}, OK (TV)'),
        fullWidth,
      ),
    ).toEqual([]);
    expect(
      checkGlossaries(
        withText('ko', '안녕하세요,{name}(테스트)'),
        glossaries((all) => (all.ko = glossary())),
      ),
    ).toEqual([]);
  });
});

function helpArticles(edit: (messages: Record<string, Record<string, unknown>>) => void) {
  const messages = Object.fromEntries(
    locales.map((locale) => [
      locale,
      {
        'first-steps': { title: `${locale} title`, body: `${locale} one.\n\n${locale} two.` },
        trash: { title: `${locale} trash`, body: `${locale} text.` },
      },
    ]),
  );
  edit(messages);
  return [{ name: 'web/help-articles', messages }];
}

describe('the help-article check', () => {
  const slugs = ['first-steps', 'trash'];

  it('passes articles complete in every locale', () => {
    expect(
      checkHelpArticles(
        helpArticles(() => undefined),
        slugs,
      ),
    ).toEqual([]);
  });

  it('fails on an article missing in a locale, or missing its title or body', () => {
    const problems = checkHelpArticles(
      helpArticles((messages) => {
        delete messages.ko!.trash;
        messages.uk!['first-steps'] = { title: '', body: 'Текст.' };
      }),
      slugs,
    );
    expect(problems).toEqual([
      'web/help-articles ko trash.title: missing help article',
      'web/help-articles ko trash.body: missing help article',
      'web/help-articles uk first-steps.title: missing help article',
      'web/help-articles uk first-steps.body: 1 paragraph(s), en-US has 2',
    ]);
  });

  it('fails on an article the catalogue does not list, and on a catalogue article nowhere', () => {
    const problems = checkHelpArticles(
      helpArticles((messages) => (messages.ja!.extra = { title: '追加', body: '本文。' })),
      [...slugs, 'export'],
    );
    expect(problems).toContain('web/help-articles ja extra: not an article of the help centre');
    expect(problems).toContain('web/help-articles en-US export.title: missing help article');
    expect(problems.filter((problem) => problem.includes(' export.body: '))).toHaveLength(11);
  });

  it('holds for the repository, and fails once an article goes from one locale', async () => {
    const slugs = await loadHelpArticleSlugs();
    const catalogues = loadRepositoryCatalogues();
    expect(checkHelpArticles(catalogues, slugs)).toEqual([]);
    const articles = catalogues.find((each) => each.name === 'web/help-articles')!;
    const [first] = slugs;
    const withoutOne = structuredClone(articles.messages) as Record<
      string,
      Record<string, unknown>
    >;
    delete withoutOne['zh-TW']![first!];
    const edited = [{ name: articles.name, messages: withoutOne }];
    expect(checkHelpArticles(edited, slugs)).toEqual([
      `web/help-articles zh-TW ${first}.title: missing help article`,
      `web/help-articles zh-TW ${first}.body: missing help article`,
    ]);
    expect(checkCatalogues(edited)).toEqual([
      `web/help-articles zh-TW ${first}.title: missing`,
      `web/help-articles zh-TW ${first}.body: missing`,
    ]);
  });
});
