import { describe, expect, it } from 'vitest';
import { matchSiteRedirect } from './site-redirects.guard';

const rules = [
  { source: '/old-path', destination: '/faq', permanent: false },
  { source: '/promo/', destination: '/activity/christmas?from=promo', permanent: true },
  { source: '/elsewhere', destination: 'https://status.example.com/', permanent: false },
];

describe('site redirects guard', () => {
  it('sends a matching path to its destination in the visitor locale, keeping the query', () => {
    expect(matchSiteRedirect(rules, '/old-path', 'en-US', '?a=1')).toEqual({
      location: '/faq?a=1',
      external: false,
      permanent: false,
    });
    expect(matchSiteRedirect(rules, '/old-path/', 'ja', '')).toEqual({
      location: '/ja/faq',
      external: false,
      permanent: false,
    });
  });

  it('uses the destination query when it has one', () => {
    expect(matchSiteRedirect(rules, '/promo', 'ko', '?x=1')).toEqual({
      location: '/ko/activity/christmas?from=promo',
      external: false,
      permanent: true,
    });
  });

  it('navigates the whole page to an external destination', () => {
    expect(matchSiteRedirect(rules, '/elsewhere', 'ja', '')).toEqual({
      location: 'https://status.example.com/',
      external: true,
      permanent: false,
    });
  });

  it('ignores other paths', () => {
    expect(matchSiteRedirect(rules, '/faq', 'en-US', '')).toBeUndefined();
    expect(matchSiteRedirect(rules, '/old-path/more', 'en-US', '')).toBeUndefined();
  });
});
