import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '@nimbus/contracts';
import type { DashboardFigures } from './console-api';
import { DashboardDetails } from './dashboard-details';

const messagesDir = path.resolve(import.meta.dirname, '../../../messages');

function render(locale: Locale, figures: DashboardFigures): string {
  const catalogue = JSON.parse(
    fs.readFileSync(path.join(messagesDir, locale, 'console.json'), 'utf8'),
  ) as AbstractIntlMessages;
  return renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale,
      messages: { console: catalogue },
      timeZone: 'UTC',
      children: createElement(DashboardDetails, { figures }),
    }),
  );
}

const figures: DashboardFigures = {
  days: [],
  stored: { live_bytes: '0', trash_bytes: '0' },
  storage_by_plan: [
    { plan: 'free', members: 1200, bytes: '1048576' },
    { plan: 'premium', members: 30, bytes: '2097152' },
  ],
  deduplication: { logical_bytes: '4000', physical_bytes: '1000' },
  page_views: [{ route: '/s/:share_id', locale: 'de', views: 42 }],
  offline_tasks: [{ phase: 'PHASE_TYPE_ERROR', reason: 'offline_source_gone', count: 7 }],
  period_downloads: [{ platform: 'ios', downloads: 3 }],
  app_downloads: [],
};

describe('the dashboard tables', () => {
  it('name plans, phases and platforms in the page language and show the deduplication saving, in every locale', () => {
    const english = render('en-US', figures);
    expect(english).toContain('Premium');
    expect(english).toContain('Failed');
    expect(english).toContain('offline_source_gone');
    expect(english).toContain('/s/:share_id');
    expect(english).toContain('iOS');
    // 4000 bytes named, 1000 kept: 3000 saved, 75 %.
    expect(english).toMatch(/deduplication-saving">[^<]*75%/);
    for (const locale of locales) {
      const html = render(locale, figures);
      expect(html, locale).not.toContain('PHASE_TYPE_');
      expect(html, locale).not.toMatch(/console\.dashboard\./);
      expect(html, locale).toContain('/s/:share_id');
    }
  });

  it('say so when the period has no analytics events or offline downloads', () => {
    const html = render('en-US', { ...figures, page_views: [], offline_tasks: [] });
    expect(html).toContain('No analytics events in this period.');
    expect(html).toContain('No offline downloads in this period.');
  });
});
