import { cache } from 'react';
import { getSiteResources } from '@nimbus/client';
import type { HelpArticleSlug, HelpFeature, HelpSiteFacts, Locale } from '@nimbus/contracts';
import { helpFeaturesOn } from '@nimbus/contracts';
import { siteConfigRoutes } from '@nimbus/contracts/routes';
import { createServerApiClient } from '@/lib/api/server-client';
import { visibleHelpArticles } from './help-center-content';

/**
 * What the config host tells the help center now: the payment provider of
 * `external_products` and the apps of `resources`. A scope the host cannot answer counts as
 * having neither, so no page promises what may be missing.
 */
async function loadHelpSiteFacts(locale: Locale): Promise<HelpSiteFacts> {
  const client = createServerApiClient(locale);
  const [products, resources] = await Promise.all([
    client
      .call(siteConfigRoutes.values, {
        params: { scope: 'external_products' },
        body: { client: 'web', data: { language: locale } },
      })
      .then((answer) => answer.values['external_products'] as { payment_provider?: unknown })
      .catch((cause: unknown) => {
        console.warn('product catalogue unavailable', cause);
        return undefined;
      }),
    getSiteResources(client, { language_system: locale, language_app: locale }).catch(
      (cause: unknown) => {
        console.warn('site resources unavailable', cause);
        return undefined;
      },
    ),
  ]);
  const provider = products?.payment_provider;
  return {
    paymentProvider: typeof provider === 'string' ? provider : '',
    appDownloads: resources?.app_downloads ?? {},
  };
}

/**
 * The features this server offers (packages/contracts/src/help-center.ts): payments with a
 * provider configured, the apps the operator publishes, and every feature of every server.
 */
export const loadHelpFeatures = cache(async (locale: Locale): Promise<ReadonlySet<HelpFeature>> =>
  helpFeaturesOn(await loadHelpSiteFacts(locale)),
);

/** The help-center articles this server shows: those of the features it offers. */
export const loadVisibleHelpArticles = cache(
  async (locale: Locale): Promise<ReadonlySet<HelpArticleSlug>> =>
    visibleHelpArticles(await loadHelpFeatures(locale)),
);
