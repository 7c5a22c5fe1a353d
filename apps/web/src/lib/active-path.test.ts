import { describe, expect, it } from 'vitest';
import { isActivePath } from './active-path';

describe('active navigation path', () => {
  it('matches the page and the pages below it', () => {
    expect(isActivePath('/ja/faq', '/ja/faq')).toBe(true);
    expect(isActivePath('/help-center/sharing/x', '/help-center/sharing')).toBe(true);
    expect(isActivePath('/help-center-old', '/help-center')).toBe(false);
  });

  it('matches the root only on the root', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/faq', '/')).toBe(false);
  });
});
