import { type ApiClient, createApiClient, createMemoryStorage } from '@nimbus/client';
import type { Locale } from '@nimbus/contracts';
import { siteConfigRoutes } from '@nimbus/contracts/routes';
import { cache } from 'react';
import { config } from '@/config';

/**
 * A client of the API for the web app's own server, which asks it through INTERNAL_API_URL while
 * it renders a page: no device, no stored credentials, and one retry unless told otherwise.
 */
export function createServerApiClient(locale: Locale, retries = 1): ApiClient {
  return createApiClient({
    clientId: 'web',
    origins: { config: [config.internalApiUrl], drive: [config.internalApiUrl] },
    locale,
    getDeviceId: () => '',
    storage: createMemoryStorage(),
    retries,
  });
}

/**
 * The config host's `basic` values (`POST /config/v1/basic`), asked once per render, so a change
 * in the console applies at the next visit. Undefined when the config host cannot answer.
 */
export const loadBasicSiteValues = cache(async (locale: Locale): Promise<unknown> => {
  try {
    const answer = await createServerApiClient(locale).call(siteConfigRoutes.values, {
      params: { scope: 'basic' },
      body: { client: 'web', data: { language_system: locale, language_app: locale } },
    });
    return answer.values['basic'];
  } catch (cause) {
    console.warn('basic site values unavailable', cause);
    return undefined;
  }
});
