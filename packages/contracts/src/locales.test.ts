import { describe, expect, it } from 'vitest';
import { canonicalLocale, negotiateLocale, resolveLocale } from './locales';

describe('locales', () => {
  it('canonicalises spellings and bare languages', () => {
    expect(canonicalLocale('zh-tw')).toBe('zh-TW');
    expect(canonicalLocale('EN')).toBe('en-US');
    expect(canonicalLocale('pt-BR')).toBe('pt');
    expect(canonicalLocale('zh-Hant-HK')).toBe('zh-TW');
    expect(canonicalLocale('zh')).toBe('zh-CN');
    expect(canonicalLocale('fr')).toBeUndefined();
  });

  it('falls back to the default locale for anything unsupported', () => {
    expect(resolveLocale('xx-YY')).toBe('en-US');
    expect(resolveLocale(undefined)).toBe('en-US');
    expect(resolveLocale('uk')).toBe('uk');
  });

  it('negotiates Accept-Language by quality and order', () => {
    expect(negotiateLocale('fr-FR,fr;q=0.9,ja;q=0.8,en;q=0.7')).toBe('ja');
    expect(negotiateLocale('en;q=0.5, ko;q=0.9')).toBe('ko');
    expect(negotiateLocale('*')).toBe('en-US');
    expect(negotiateLocale('de;q=0, ms')).toBe('ms');
    expect(negotiateLocale('')).toBe('en-US');
  });
});
