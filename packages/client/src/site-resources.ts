import { parseSiteResources, type SiteResources } from '@nimbus/contracts';
import { siteConfigRoutes } from '@nimbus/contracts/routes';
import type { ApiClient, CallOptions } from './api-client';

/**
 * `POST /config/v1/resources` (`client=web`, the languages in `data`): the apps the operator
 * publishes and their URL scheme, read leniently (what does not fit is left out, empty defaults).
 */
export async function getSiteResources(
  client: ApiClient,
  data: Readonly<Record<string, string>>,
  options: CallOptions = {},
): Promise<SiteResources> {
  const answer = await client.call(
    siteConfigRoutes.values,
    { params: { scope: 'resources' }, body: { client: 'web', data } },
    options,
  );
  return parseSiteResources(answer.values['resources']);
}
