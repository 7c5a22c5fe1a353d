import { describe, expect, it } from 'vitest';
import { localeSwitchHref } from './language-option';

describe('language switch address', () => {
  it('keeps the path, query and hash and sets ?locale=', () => {
    expect(
      localeSwitchHref(
        { pathname: '/ja/url-checker', search: '?url=magnet%3A%3Fxt', hash: '#top' },
        'es',
      ),
    ).toBe('/ja/url-checker?url=magnet%3A%3Fxt&locale=es#top');
    expect(localeSwitchHref({ pathname: '/', search: '?locale=ja', hash: '' }, 'en-US')).toBe(
      '/?locale=en-US',
    );
  });
});
