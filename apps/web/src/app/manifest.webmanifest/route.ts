import { defaultLocale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { webAppManifest, webAppManifestResponse } from '@/features/web-app/web-app-manifest';

/** Written once, at build time. */
export const dynamic = 'force-static';

/**
 * `/manifest.webmanifest`: the web app manifest of the default locale, whose pages carry no
 * prefix (the other locales' are `/{locale}/manifest.webmanifest`). Paths with a dot bypass the
 * proxy, so this route answers it directly.
 */
export async function GET(): Promise<Response> {
  const t = await getTranslations({ locale: defaultLocale, namespace: 'common' });
  return webAppManifestResponse(webAppManifest(defaultLocale, t('tagline')));
}
