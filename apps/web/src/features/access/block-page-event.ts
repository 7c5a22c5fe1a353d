import type { ApiOrigins } from '../../config';
import { apiUrl } from '../../lib/public-config';

/** The analytics path events are sent to (drive group, spec section 7). */
export const statisticsEventPath = '/statistics/pub/event';

/** The event a visitor without access produces (spec section 2). */
export const blockPageEventName = 'block-page';

/** The beacon of the block page: where it goes and what it carries. */
export function blockPageBeacon(
  origins: ApiOrigins | undefined,
  context: { language: string; path: string },
): { url: string; body: string } {
  return {
    url: apiUrl(origins, 'drive', statisticsEventPath),
    body: JSON.stringify({
      event: blockPageEventName,
      language_web: context.language,
      page: context.path,
    }),
  };
}
