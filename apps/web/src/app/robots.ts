import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { config } from '@/config';

/** /robots.txt: crawl the public site, not the drive or share pages; points at the sitemap. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/s/', '/drive/', '/auth', '/loading', '/*/drive/'],
    },
    sitemap: new URL('/sitemap.xml', config.publicUrl).toString(),
  };
}
