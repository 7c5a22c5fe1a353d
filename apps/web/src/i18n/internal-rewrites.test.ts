import { describe, expect, it } from 'vitest';
import { internalRewrites } from '../../next.config';
import {
  blockedRewriteHeader,
  localeRewriteHeader,
  unmatchedRewriteHeader,
} from './internal-rewrites';

describe('internal rewrites', () => {
  it('use the header names the proxy sets, each with its target', () => {
    const targets = internalRewrites.map(
      (rule) => `${rule.has[0]?.key} ${rule.source} -> ${rule.destination}`,
    );
    const page = '/:path((?!_next(?![^/])|apple-icon(?![^/]))[^/.]+)*';
    expect(targets).toEqual([
      `${blockedRewriteHeader} ${page} -> /:locale/access-blocked`,
      `${unmatchedRewriteHeader} ${page} -> /:locale/404`,
      `${localeRewriteHeader} ${page} -> /:locale/:path*`,
    ]);
  });

  it('accept exactly the locale values the proxy writes', () => {
    const pattern = new RegExp(`^${internalRewrites[0]?.has[0]?.value ?? ''}$`);
    for (const locale of ['en-US', 'ja', 'zh-TW', 'pt']) {
      expect(pattern.test(locale), locale).toBe(true);
    }
    expect(pattern.test('../x')).toBe(false);
  });
});
