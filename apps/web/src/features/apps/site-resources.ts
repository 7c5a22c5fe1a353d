import { cache } from 'react';
import { getSiteResources } from '@nimbus/client';
import {
  appDownloadCountsSchema,
  type AppDownloadPlatform,
  type Locale,
  type SiteResources,
} from '@nimbus/contracts';
import { headers } from 'next/headers';
import { createServerApiClient } from '@/lib/api/server-client';
import { detectVisitor, type Visitor } from './platform';

/**
 * The apps the operator publishes (`POST /config/v1/resources`), asked on the server for every
 * visit of an app page, so a changed link shows at once. When the config host cannot answer,
 * the pages show the "use the web app" state rather than failing.
 */
export const loadSiteResources = cache(async (locale: Locale): Promise<SiteResources> => {
  const client = createServerApiClient(locale);
  try {
    return await getSiteResources(client, { language_system: locale, language_app: locale });
  } catch (cause) {
    console.warn('site resources unavailable', cause);
    return { app_downloads: {}, app_link_scheme: '' };
  }
});

/** Downloads counted per platform, as numbers. */
export type DownloadCounts = Partial<Record<AppDownloadPlatform, number>>;

/**
 * The public app download counts (`GET /statistics/pub/download`, cached a minute by the
 * server), asked on the server for an app page; none when the drive host cannot answer, and the
 * pages then show no counts.
 */
export const loadDownloadCounts = cache(async (locale: Locale): Promise<DownloadCounts> => {
  const client = createServerApiClient(locale, 0);
  try {
    const parsed = appDownloadCountsSchema.safeParse(await client.get('/statistics/pub/download'));
    if (!parsed.success) {
      return {};
    }
    return Object.fromEntries(
      Object.entries(parsed.data.downloads).map(([platform, count]) => [platform, Number(count)]),
    );
  } catch (cause) {
    console.warn('download counts unavailable', cause);
    return {};
  }
});

/** The visitor of the page being rendered, from its request headers. */
export async function currentVisitor(): Promise<Visitor> {
  const list = await headers();
  return detectVisitor(list.get('user-agent'), list.get('sec-ch-ua-platform'));
}
