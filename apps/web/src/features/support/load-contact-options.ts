import { cache } from 'react';
import { createApiClient, createMemoryStorage } from '@nimbus/client';
import { type Locale } from '@nimbus/contracts';
import { siteConfigRoutes } from '@nimbus/contracts/routes';
import { config } from '@/config';
import { contactOptionsOf, type ContactOptions } from './contact-options';

/**
 * The operator's contact options, asked of the config host (`POST /config/v1/basic`, through
 * INTERNAL_API_URL) on every visit, so a change applies at once. None when the config host
 * cannot answer: the page then offers the feedback form and the help centre.
 */
export const loadContactOptions = cache(async (locale: Locale): Promise<ContactOptions> => {
  const client = createApiClient({
    clientId: 'web',
    origins: { config: [config.internalApiUrl] },
    locale,
    getDeviceId: () => '',
    storage: createMemoryStorage(),
    retries: 1,
  });
  try {
    const answer = await client.call(siteConfigRoutes.values, {
      params: { scope: 'basic' },
      body: { client: 'web', data: { language_system: locale, language_app: locale } },
    });
    return contactOptionsOf(answer.values['basic']);
  } catch (cause) {
    console.warn('contact options unavailable', cause);
    return {};
  }
});
