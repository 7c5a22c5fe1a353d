import { describe, expect, it } from 'vitest';
import { loginSceneOf, safeRedirect } from './credentials';

describe('safeRedirect', () => {
  it('keeps paths of this site with their query and fragment', () => {
    expect(safeRedirect('/ko/drive/all', '/x')).toBe('/ko/drive/all');
    expect(safeRedirect('/s/abc?pwd=1#top', '/x')).toBe('/s/abc?pwd=1#top');
    expect(safeRedirect('/v1/user/authorize?client_id=tv', '/x')).toBe(
      '/v1/user/authorize?client_id=tv',
    );
  });

  it('refuses other origins, protocol-relative paths, backslashes and nothing', () => {
    for (const value of [
      'https://example.com/',
      '//example.com/x',
      '/\\example.com',
      'javascript:alert(1)',
      'drive/all',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(value, '/fallback')).toBe('/fallback');
    }
  });
});

describe('loginSceneOf', () => {
  it('is the share page when the path holds /s/, else the official page', () => {
    expect(loginSceneOf('/s/abc')).toBe('share_page');
    expect(loginSceneOf('/ko/s/abc/def')).toBe('share_page');
    expect(loginSceneOf('/drive/all')).toBe('official_page');
    expect(loginSceneOf('/')).toBe('official_page');
  });
});
