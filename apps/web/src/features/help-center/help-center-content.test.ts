import { describe, expect, it } from 'vitest';
import { helpCenterDirectories, resolveHelpCenterSlug } from './help-center-content';

const defaultDirectory = helpCenterDirectories[0].slug;

describe('resolveHelpCenterSlug', () => {
  it('resolves topics and articles', () => {
    expect(resolveHelpCenterSlug(['sharing'])).toEqual({ kind: 'directory', directory: 'sharing' });
    expect(resolveHelpCenterSlug(['sharing', 'create-a-share-link'])).toMatchObject({
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
