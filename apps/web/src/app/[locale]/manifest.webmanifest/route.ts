import { notFound } from 'next/navigation';
import { isLocale, locales } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { webAppManifest, webAppManifestResponse } from '@/features/web-app/web-app-manifest';

/** Every locale's manifest is written once, at build time. */
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams(): { locale: string }[] {
  return locales.map((locale) => ({ locale }));
}

/**
 * `/{locale}/manifest.webmanifest`: the web app manifest in a locale (its description, its
 * language, the drive in that language as the start), linked from that locale's pages, so an
 * install from a Japanese page is described in Japanese and opens the Japanese drive.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ locale: string }> },
): Promise<Response> {
  const { locale } = await params;
  if (!isLocale(locale)) {
    notFound();
  }
  const t = await getTranslations({ locale, namespace: 'common' });
  return webAppManifestResponse(webAppManifest(locale, t('tagline')));
}
