import { describe, expect, it } from 'vitest';
import {
  helpArticleFeatures,
  helpArticleSlugs,
  helpFeatures,
  helpFeaturesOn,
  noHelpSiteFacts,
  type HelpArticleSlug,
  type HelpFeature,
} from '@nimbus/contracts';
import english from '../../../messages/en-US/help-articles.json';
import {
  directoryArticles,
  helpCenterDirectories,
  helpCenterPaths,
  relatedArticles,
  resolveHelpCenterSlug,
  visibleDirectories,
  visibleHelpArticles,
} from './help-center-content';
import { articleParagraphs } from './help-article';

const defaultDirectory = helpCenterDirectories[0].slug;
const every = new Set<HelpFeature>(helpFeatures);
const allArticles = visibleHelpArticles(every);
/** What a server with the default configuration shows: no payment provider, no app published. */
const byDefault = visibleHelpArticles(helpFeaturesOn(noHelpSiteFacts));

describe('the help-center table', () => {
  it('puts every article of the catalogue in exactly one topic', () => {
    const listed = helpCenterDirectories.flatMap((directory) => [...directory.articles]);
    expect([...listed].sort()).toEqual([...helpArticleSlugs].sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.length).toBeGreaterThanOrEqual(30);
  });

  it('has an English title and a body of 80 to 180 words, in paragraphs, for every article', () => {
    const texts: Record<string, { title: string; body: string }> = english;
    expect(Object.keys(texts).sort()).toEqual([...helpArticleSlugs].sort());
    for (const slug of helpArticleSlugs) {
      const { title, body } = texts[slug] ?? { title: '', body: '' };
      expect(title, slug).not.toBe('');
      const words = body.split(/\s+/u).filter((word) => word !== '').length;
      expect(words, slug).toBeGreaterThanOrEqual(80);
      expect(words, slug).toBeLessThanOrEqual(180);
      expect(articleParagraphs(body).length, slug).toBeGreaterThanOrEqual(1);
    }
  });

  it('names a feature of the catalogue for every article', () => {
    for (const slug of helpArticleSlugs) {
      expect(helpFeatures, slug).toContain(helpArticleFeatures[slug]);
    }
  });
});

describe('the articles a server shows', () => {
  it('leaves out the articles of features the default configuration lacks', () => {
    const hidden = helpArticleSlugs.filter((slug) => !byDefault.has(slug)).sort();
    expect(hidden).toEqual(
      [
        'browser-extension',
        'buy-premium-online',
        'connect-a-tv',
        'get-the-apps',
        'manage-your-subscription',
      ].sort(),
    );
    expect(directoryArticles('account-and-membership', byDefault)).not.toContain(
      'buy-premium-online',
    );
    expect(helpCenterPaths(byDefault)).not.toContain(
      '/help-center/account-and-membership/buy-premium-online',
    );
    expect(helpCenterPaths(allArticles)).toContain(
      '/help-center/account-and-membership/buy-premium-online',
    );
  });

  it('serves an article of a feature that is off as its topic, not as the article', () => {
    expect(
      resolveHelpCenterSlug(['account-and-membership', 'buy-premium-online'], byDefault),
    ).toEqual({ kind: 'directory', directory: 'account-and-membership' });
    expect(
      resolveHelpCenterSlug(['account-and-membership', 'buy-premium-online'], allArticles),
    ).toEqual({
      kind: 'article',
      directory: 'account-and-membership',
      article: 'buy-premium-online',
    });
  });

  it('hides a topic with no article shown', () => {
    const onlyAccounts = visibleHelpArticles(new Set<HelpFeature>(['accounts']));
    expect(visibleDirectories(onlyAccounts)).toEqual([
      'getting-started',
      'security',
      'account-and-membership',
    ]);
    expect(resolveHelpCenterSlug(['sharing'], onlyAccounts)).toEqual({
      kind: 'directory',
      directory: 'getting-started',
    });
  });

  it('suggests related articles of the same topic that are shown', () => {
    const related = relatedArticles('premium-benefits', byDefault);
    expect(related).toEqual(['activation-codes', 'storage-and-traffic-packs', 'invite-friends']);
    expect(relatedArticles('delete-your-account', byDefault)).toEqual([
      'send-feedback',
      'premium-benefits',
      'activation-codes',
    ]);
    for (const slug of byDefault) {
      const suggested: HelpArticleSlug[] = relatedArticles(slug, byDefault);
      expect(suggested, slug).not.toContain(slug);
      expect(
        suggested.every((each) => byDefault.has(each)),
        slug,
      ).toBe(true);
    }
  });
});

describe('resolveHelpCenterSlug', () => {
  it('resolves topics and articles', () => {
    expect(resolveHelpCenterSlug(['sharing'])).toEqual({ kind: 'directory', directory: 'sharing' });
    expect(resolveHelpCenterSlug(['sharing', 'create-a-share-link'])).toEqual({
      kind: 'article',
      directory: 'sharing',
      article: 'create-a-share-link',
    });
  });

  it('falls back to the named topic, then to the default directory', () => {
    expect(resolveHelpCenterSlug(['sharing', 'no-such-article'])).toEqual({
      kind: 'directory',
      directory: 'sharing',
    });
    expect(resolveHelpCenterSlug(['sharing', 'instant-upload'])).toEqual({
      kind: 'directory',
      directory: 'sharing',
    });
    expect(resolveHelpCenterSlug(['a', 'b'])).toEqual({
      kind: 'directory',
      directory: defaultDirectory,
    });
    expect(resolveHelpCenterSlug(['sharing', 'create-a-share-link', 'more'])).toMatchObject({
      kind: 'article',
    });
  });

  it('refuses malformed slugs', () => {
    expect(resolveHelpCenterSlug([])).toBeUndefined();
    expect(resolveHelpCenterSlug(['Bad_Slug'])).toBeUndefined();
    expect(resolveHelpCenterSlug(['x'.repeat(65)])).toBeUndefined();
    expect(resolveHelpCenterSlug(Array.from({ length: 9 }, () => 'a'))).toBeUndefined();
  });
});
