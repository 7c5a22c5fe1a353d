import { describe, expect, it } from 'vitest';
import { isInvalidRouteParams } from './route-validation';

describe('route validation', () => {
  it('validates share ids and parent ids', () => {
    expect(isInvalidRouteParams('/s/abc_DEF-123')).toBe(false);
    expect(isInvalidRouteParams('/s/abc/p1/p2/p3')).toBe(false);
    expect(isInvalidRouteParams('/s/bad!id')).toBe(true);
    expect(isInvalidRouteParams(`/s/${'a'.repeat(65)}`)).toBe(true);
    expect(isInvalidRouteParams('/s/abc/ok/bad%20id')).toBe(true);
    expect(isInvalidRouteParams('/s/%E0%A4%A')).toBe(true);
  });

  it('validates help-center slugs', () => {
    expect(isInvalidRouteParams('/help-center')).toBe(false);
    expect(isInvalidRouteParams('/help-center/getting-started')).toBe(false);
    expect(isInvalidRouteParams('/help-center/sharing/create-a-share-link')).toBe(false);
    expect(isInvalidRouteParams('/help-center/Bad_Slug')).toBe(true);
    expect(isInvalidRouteParams('/help-center/unknown-topic')).toBe(false);
    expect(isInvalidRouteParams('/help-center/a/b')).toBe(false);
    expect(isInvalidRouteParams('/help-center/a/b/c/d/e/f/g/h/i')).toBe(true);
  });

  it('validates policy documents, versions and notices', () => {
    expect(isInvalidRouteParams('/policy/privacy-policy')).toBe(false);
    expect(isInvalidRouteParams('/policy/copyright-Infringement/copyright-Infringement')).toBe(
      false,
    );
    expect(isInvalidRouteParams('/policy/anti-abuse/anti-abuse')).toBe(false);
    expect(isInvalidRouteParams('/policy/privacy-policy/20250101')).toBe(false);
    expect(isInvalidRouteParams('/policy/update')).toBe(false);
    expect(isInvalidRouteParams('/policy/update/privacy-2026-06')).toBe(false);
    expect(isInvalidRouteParams('/policy/unknown')).toBe(true);
    expect(isInvalidRouteParams('/policy/privacy-policy/privacy-policy')).toBe(true);
    expect(isInvalidRouteParams('/policy/privacy-policy/20991231')).toBe(true);
    expect(isInvalidRouteParams('/policy/update/bad!token')).toBe(true);
  });

  it('validates blog slugs; a well-formed unknown one is for the page to refuse', () => {
    expect(isInvalidRouteParams('/blog')).toBe(false);
    expect(isInvalidRouteParams('/blog/offline-downloads')).toBe(false);
    expect(isInvalidRouteParams('/blog/no-such-post')).toBe(false);
    expect(isInvalidRouteParams('/blog/Bad_Slug')).toBe(true);
    expect(isInvalidRouteParams('/blog/offline-downloads/more')).toBe(true);
  });

  it('leaves other routes to the router', () => {
    expect(isInvalidRouteParams('/')).toBe(false);
    expect(isInvalidRouteParams('/faq')).toBe(false);
    expect(isInvalidRouteParams('/no-such-page')).toBe(false);
  });
});
