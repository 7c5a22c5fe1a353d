import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  browserLocale,
  declineSuggestion,
  declinedSuggestions,
  hiddenLanguageChangeKey,
  rememberLanguageChoice,
  suggestedLocale,
} from './language-suggestion';

describe('the language suggestion', () => {
  it('takes the first browser language the site speaks, in any spelling', () => {
    expect(browserLocale(['fr-FR', 'pt-BR', 'es'])).toBe('pt');
    expect(browserLocale(['zh-HK'])).toBe('zh-TW');
    expect(browserLocale(['EN-us'])).toBe('en-US');
    expect(browserLocale(['fr', 'de'])).toBeUndefined();
    expect(browserLocale([])).toBeUndefined();
  });

  it('offers the browser language on a page in another, never the page’s own', () => {
    expect(suggestedLocale('ja', ['es-ES', 'en'], [])).toBe('es');
    expect(suggestedLocale('es', ['es-MX'], [])).toBeUndefined();
    expect(suggestedLocale('en-US', ['de-DE'], [])).toBeUndefined();
  });

  it('does not offer a language the visitor declined, and keeps each decline once', () => {
    const storage = createMemoryStorage();
    declineSuggestion(storage, 'es');
    declineSuggestion(storage, 'es');
    declineSuggestion(storage, 'ko');
    expect(declinedSuggestions(storage)).toEqual(['es', 'ko']);
    expect(suggestedLocale('ja', ['es'], declinedSuggestions(storage))).toBeUndefined();
    expect(suggestedLocale('ja', ['ru'], declinedSuggestions(storage))).toBe('ru');
  });

  it('reads a broken or foreign stored value as no declines', () => {
    const storage = createMemoryStorage();
    storage.setItem(hiddenLanguageChangeKey, '{not json');
    expect(declinedSuggestions(storage)).toEqual([]);
    storage.setItem(hiddenLanguageChangeKey, JSON.stringify(['es', 'xx', 7, 'zh-tw', null]));
    expect(declinedSuggestions(storage)).toEqual(['es']);
    storage.setItem(hiddenLanguageChangeKey, JSON.stringify({ es: true }));
    expect(declinedSuggestions(storage)).toEqual([]);
  });

  it('takes a language picked from the menu as a choice over the browser’s', () => {
    const storage = createMemoryStorage();
    rememberLanguageChoice(storage, 'ja', ['ko-KR']);
    expect(suggestedLocale('ja', ['ko-KR'], declinedSuggestions(storage))).toBeUndefined();
    // Picking the browser's own language declines nothing.
    const other = createMemoryStorage();
    rememberLanguageChoice(other, 'ko', ['ko-KR']);
    expect(declinedSuggestions(other)).toEqual([]);
  });
});
