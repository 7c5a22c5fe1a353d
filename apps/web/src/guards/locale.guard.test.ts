import { describe, expect, it } from 'vitest';
import { routeRootSegments } from '../features/site/site-routes';
import type { LocalePlanInput } from './locale.guard';
import { detectLocale, looksLikeLocale, planLocale, splitFirstSegment } from './locale.guard';

function plan(pathAndQuery: string, extra: Partial<LocalePlanInput> = {}) {
  const url = new URL(pathAndQuery, 'http://nimbus.test');
  return planLocale({
    pathname: url.pathname,
    searchParams: url.searchParams,
    cookieLocale: undefined,
    acceptLanguage: null,
    routeRoots: routeRootSegments,
    ...extra,
  });
}

describe('locale guard', () => {
  it('forces a locale with ?locale=, dropping the parameter and remembering it', () => {
    expect(plan('/faq?locale=ja&x=1')).toEqual({
      kind: 'redirect',
      location: '/ja/faq?x=1',
      rememberLocale: 'ja',
    });
    expect(plan('/?locale=zh-tw')).toEqual({
      kind: 'redirect',
      location: '/zh-TW',
      rememberLocale: 'zh-TW',
    });
    expect(plan('/ja/faq?locale=en-US')).toEqual({
      kind: 'redirect',
      location: '/faq',
      rememberLocale: 'en-US',
    });
    expect(plan('/ko/help?locale=es')).toEqual({
      kind: 'redirect',
      location: '/es/help',
      rememberLocale: 'es',
    });
  });

  it('falls back to the default locale for an unknown ?locale=', () => {
    expect(plan('/ja/faq?locale=zz')).toEqual({
      kind: 'redirect',
      location: '/faq',
      rememberLocale: 'en-US',
    });
  });

  it('keeps unprefixed routes unprefixed when a locale is forced', () => {
    expect(plan('/s/abc?locale=ja')).toEqual({
      kind: 'redirect',
      location: '/s/abc',
      rememberLocale: 'ja',
    });
  });

  it('corrects the letter case of a prefix', () => {
    expect(plan('/zh-tw/faq')).toEqual({
      kind: 'redirect',
      location: '/zh-TW/faq',
      rememberLocale: 'zh-TW',
    });
    expect(plan('/EN-us/faq')).toEqual({
      kind: 'redirect',
      location: '/faq',
      rememberLocale: 'en-US',
    });
  });

  it('strips a locale prefix from share pages and remembers it', () => {
    expect(plan('/ja/s/abc/def?s_code=1')).toEqual({
      kind: 'redirect',
      location: '/s/abc/def?s_code=1',
      rememberLocale: 'ja',
    });
    expect(plan('/ko/auth')).toEqual({ kind: 'redirect', location: '/auth', rememberLocale: 'ko' });
  });

  it('sends an unsupported locale-looking prefix to the default-locale path', () => {
    expect(plan('/fr/faq')).toEqual({ kind: 'redirect', location: '/faq' });
    expect(plan('/xx')).toEqual({ kind: 'redirect', location: '/' });
    expect(plan('/pt-BR/help?a=b')).toEqual({ kind: 'redirect', location: '/help?a=b' });
  });

  it('does not mistake route segments for locales', () => {
    expect(plan('/tv')).toEqual({ kind: 'next-intl' });
    expect(plan('/faq')).toEqual({ kind: 'next-intl' });
    expect(plan('/blog')).toEqual({ kind: 'next-intl' });
    expect(looksLikeLocale('tv', routeRootSegments)).toBe(false);
    expect(looksLikeLocale('fr', routeRootSegments)).toBe(true);
    expect(looksLikeLocale('zh-Hant-HK', routeRootSegments)).toBe(true);
    expect(looksLikeLocale('es-419', routeRootSegments)).toBe(true);
    expect(looksLikeLocale('old-path', routeRootSegments)).toBe(false);
    expect(looksLikeLocale('abc', routeRootSegments)).toBe(false);
    expect(plan('/old-path')).toEqual({ kind: 'next-intl' });
  });

  it('serves unprefixed routes in the locale of the cookie or the browser', () => {
    expect(plan('/s/abc', { cookieLocale: 'ja' })).toEqual({
      kind: 'serve-in-locale',
      locale: 'ja',
    });
    expect(plan('/auth', { acceptLanguage: 'ko-KR,ko;q=0.9' })).toEqual({
      kind: 'serve-in-locale',
      locale: 'ko',
    });
    expect(plan('/loading')).toEqual({ kind: 'serve-in-locale', locale: 'en-US' });
    expect(plan('/s/abc', { cookieLocale: 'xx', acceptLanguage: 'es' })).toEqual({
      kind: 'serve-in-locale',
      locale: 'es',
    });
  });

  it('leaves correct prefixes and other unprefixed pages to next-intl', () => {
    expect(plan('/ja/faq')).toEqual({ kind: 'next-intl' });
    expect(plan('/')).toEqual({ kind: 'next-intl' });
    expect(plan('/auth-success')).toEqual({ kind: 'next-intl' });
  });

  it('splits and detects', () => {
    expect(splitFirstSegment('/ja/faq/x')).toEqual({ segment: 'ja', rest: '/faq/x' });
    expect(splitFirstSegment('/ja')).toEqual({ segment: 'ja', rest: '/' });
    expect(splitFirstSegment('/')).toEqual({ segment: '', rest: '/' });
    expect(detectLocale('uk', 'ja')).toBe('uk');
    expect(detectLocale(undefined, 'zh-Hant-TW')).toBe('zh-TW');
  });
});
