import { describe, expect, it } from 'vitest';
import { internalRewrites } from '../../next.config';
import {
  blockedRewriteHeader,
  localeRewriteHeader,
  unmatchedRewriteHeader,
} from './internal-rewrites';

describe('internal rewrites', () => {
  it('use the header names the proxy sets, each with its target', () => {
    const targets = new Map(internalRewrites.map((rule) => [rule.has[0]?.key, rule.destination]));
    expect(targets).toEqual(
      new Map([
        [blockedRewriteHeader, '/:locale/access-blocked'],
        [unmatchedRewriteHeader, '/:locale/404'],
        [localeRewriteHeader, '/:locale/:path*'],
      ]),
    );
  });

  it('accept exactly the locale values the proxy writes', () => {
    const pattern = new RegExp(`^${internalRewrites[0]?.has[0]?.value ?? ''}$`);
    for (const locale of ['en-US', 'ja', 'zh-TW', 'pt']) {
      expect(pattern.test(locale), locale).toBe(true);
    }
    expect(pattern.test('../x')).toBe(false);
  });
});
