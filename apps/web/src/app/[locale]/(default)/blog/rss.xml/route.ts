import { connection } from 'next/server';
import { defaultLocale } from '@nimbus/contracts';
import { blogFeedPath } from '@/features/blog/blog-links';
import { blogFeedResponse } from '@/features/blog/blog-feed-response';
import { localeOfSegment } from '@/guards/locale.guard';
import type { LocaleParams } from '@/i18n/params';

/**
 * /{locale}/blog/rss.xml: the feed of a prefixed locale. The default locale's feed is unprefixed,
 * so `/en-US/blog/rss.xml` (or a prefix in another letter case) is sent to the right address,
 * as for pages; a first segment that names no locale is not found.
 */
export async function GET(_request: Request, { params }: LocaleParams): Promise<Response> {
  await connection();
  const { locale: segment } = await params;
  const locale = localeOfSegment(segment);
  if (!locale) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  if (locale === defaultLocale || segment !== locale) {
    const target = locale === defaultLocale ? blogFeedPath : `/${locale}${blogFeedPath}`;
    return new Response(null, { status: 308, headers: { Location: target } });
  }
  return blogFeedResponse(locale);
}
