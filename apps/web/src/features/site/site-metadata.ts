import type { Metadata } from 'next';
import type { Locale } from '@nimbus/contracts';
import { config } from '@/config';
import { publicPageMetadata } from '@/lib/public-page-metadata';

/** A public page's metadata (see `publicPageMetadata`) on this site's public origin. */
export function siteMetadata(
  locale: Locale,
  path: string,
  text: { title: string; description: string },
): Metadata {
  return publicPageMetadata({ publicUrl: config.publicUrl, locale, path, ...text });
}
