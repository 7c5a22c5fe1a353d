import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BlockPageBeacon } from '@/features/access/block-page-beacon';

/** The block page's title; never indexed. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages');
  return { title: t('access-blocked.title'), robots: { index: false } };
}

/**
 * What a visitor without access sees (docs/product.md#screens-and-routes): the root shell's header and no main
 * content. The proxy rewrites blocked requests here; it is never linked.
 */
export default function AccessBlockedPage() {
  return <BlockPageBeacon />;
}
