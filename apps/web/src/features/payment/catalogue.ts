import { cache } from 'react';
import type { Locale, ProductCatalogue } from '@nimbus/contracts';
import { siteConfigRoutes } from '@nimbus/contracts/routes';
import { productCatalogueSchema } from '@nimbus/contracts';
import { createServerApiClient } from '@/lib/api/server-client';

/**
 * The purchase pages' catalogue (`POST /config/v1/external_products`): the plan limits and the
 * operator's products, asked on the server for every visit so an operator's change applies at
 * once. Undefined when the config host cannot answer; the page then says so.
 */
export const loadCatalogue = cache(
  async (locale: Locale): Promise<ProductCatalogue | undefined> => {
    const client = createServerApiClient(locale);
    try {
      const answer = await client.call(siteConfigRoutes.values, {
        params: { scope: 'external_products' },
        body: { client: 'web', data: { language: locale } },
      });
      return productCatalogueSchema.parse(answer.values['external_products']);
    } catch (cause) {
      console.warn('product catalogue unavailable', cause);
      return undefined;
    }
  },
);
