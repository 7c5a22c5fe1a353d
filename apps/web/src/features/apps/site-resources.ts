import { cache } from 'react';
import { createApiClient, createMemoryStorage, getSiteResources } from '@nimbus/client';
import type { Locale, SiteResources } from '@nimbus/contracts';
import { headers } from 'next/headers';
import { config } from '@/config';
import { detectVisitor, type Visitor } from './platform';

/**
 * The apps the operator publishes (`POST /config/v1/resources`), asked on the server for every
 * visit of an app page, so a changed link shows at once. When the config host cannot answer,
 * the pages show the "use the web app" state rather than failing.
 */
export const loadSiteResources = cache(async (locale: Locale): Promise<SiteResources> => {
  const client = createApiClient({
    clientId: 'web',
    origins: { config: [config.internalApiUrl] },
    locale,
    getDeviceId: () => '',
    storage: createMemoryStorage(),
    retries: 1,
  });
  try {
    return await getSiteResources(client, { language_system: locale, language_app: locale });
  } catch (cause) {
    console.warn('site resources unavailable', cause);
    return { app_downloads: {}, app_link_scheme: '' };
  }
});

/** The visitor of the page being rendered, from its request headers. */
export async function currentVisitor(): Promise<Visitor> {
  const list = await headers();
  return detectVisitor(list.get('user-agent'), list.get('sec-ch-ua-platform'));
}
