import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { config } from '@/config';
import { defaultLocale } from '@nimbus/contracts';
import { loadActivityOperation } from '@/features/activity/activity-gate';
import { sitemapEntries } from '@/features/site/sitemap-entries';

/** /sitemap.xml: every public page in every locale with its alternates, built per request. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  return sitemapEntries(config.publicUrl, Date.now(), await loadActivityOperation(defaultLocale));
}
