import { describe, expect, it } from 'vitest';
import { isUnprefixedRoute, localePath } from './locale-path';

describe('locale paths', () => {
  it('leaves the default locale unprefixed', () => {
    expect(localePath('en-US', '/')).toBe('/');
    expect(localePath('en-US', '/faq')).toBe('/faq');
  });

  it('prefixes other locales', () => {
    expect(localePath('ja', '/')).toBe('/ja');
    expect(localePath('zh-TW', '/policy/update')).toBe('/zh-TW/policy/update');
    expect(localePath('ko', 'faq')).toBe('/ko/faq');
  });

  it('never prefixes share pages, sign-in and the loading page', () => {
    expect(localePath('ja', '/s/abc')).toBe('/s/abc');
    expect(localePath('ja', '/auth')).toBe('/auth');
    expect(localePath('ja', '/loading')).toBe('/loading');
    expect(localePath('ja', '/auth-success')).toBe('/ja/auth-success');
    expect(isUnprefixedRoute('/s/abc/def')).toBe(true);
    expect(isUnprefixedRoute('/sitemap')).toBe(false);
  });
});
