import { cache } from 'react';
import { createApiClient, createMemoryStorage } from '@nimbus/client';
import { type Locale } from '@nimbus/contracts';
import { siteConfigRoutes } from '@nimbus/contracts/routes';
import { config } from '@/config';
import { policyFactsOf, type PolicyFacts } from './policy-facts';

/**
 * The operator's details and the configured periods, asked of the config host
 * (`POST /config/v1/basic`, through INTERNAL_API_URL) on every visit, so a change in the console
 * applies at once. When the config host cannot answer, the operator is "not set" and the periods
 * are the server's defaults.
 */
export const loadPolicyFacts = cache(async (locale: Locale): Promise<PolicyFacts> => {
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
    return policyFactsOf(answer.values['basic']);
  } catch (cause) {
    console.warn('policy facts unavailable', cause);
    return policyFactsOf(undefined);
  }
});
