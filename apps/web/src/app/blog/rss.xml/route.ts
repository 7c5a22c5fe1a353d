import { connection } from 'next/server';
import { defaultLocale } from '@nimbus/contracts';
import { blogFeedResponse } from '@/features/blog/blog-feed-response';

/**
 * /blog/rss.xml: the feed of the default locale, whose pages carry no prefix. Paths with a dot
 * bypass the proxy, so this route answers it directly.
 */
export async function GET(): Promise<Response> {
  await connection();
  return blogFeedResponse(defaultLocale);
}
