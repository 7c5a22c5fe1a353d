import { describe, expect, it } from 'vitest';
import { checkCatalogues, locales } from './i18n-check.mjs';

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
});
