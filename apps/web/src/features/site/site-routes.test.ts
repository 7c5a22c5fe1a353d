import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeRootSegments, sitePages } from './site-routes';

const localeDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/[locale]');

describe('site routes', () => {
  it('has a page for every route, inside the route group of its layout', () => {
    for (const page of sitePages) {
      const file = path.join(localeDir, `(${page.layout})`, page.path, 'page.tsx');
      expect(existsSync(file), `${page.path} in (${page.layout})`).toBe(true);
    }
  });

  it('has the policy, help-center and activity pages in their layouts', () => {
    for (const file of [
      '(policy)/policy/update/page.tsx',
      '(policy)/policy/update/[token]/page.tsx',
      '(policy)/policy/[doc]/page.tsx',
      '(policy)/policy/[doc]/[version]/page.tsx',
      '(help-center)/help-center/page.tsx',
      '(help-center)/help-center/[...slug]/page.tsx',
      '(activity)/activity/christmas/page.tsx',
      '(activity)/activity/compensation/page.tsx',
      '(activity)/activity/black-friday/page.tsx',
    ]) {
      expect(existsSync(path.join(localeDir, file)), file).toBe(true);
    }
  });

  it('knows the first segment of every route', () => {
    for (const segment of [
      'tv',
      's',
      'drive',
      'inapp',
      'policy',
      'help-center',
      'activity',
      'faq',
    ]) {
      expect(routeRootSegments.has(segment), segment).toBe(true);
    }
  });
});
