import type { ApiOrigins } from '../../config';
import type { AnalyticsContext } from '../analytics/analytics-context';
import { apiUrl } from '../../lib/public-config';

/** The analytics path events are sent to (drive group, spec section 7). */
export const statisticsEventPath = '/statistics/pub/event';

/** The event a visitor without access produces (spec section 2). */
export const blockPageEventName = 'block-page';

/** The beacon of the block page: where it goes and what it carries (the analytics context). */
export function blockPageBeacon(
  origins: ApiOrigins | undefined,
  input: { path: string; context: AnalyticsContext },
): { url: string; body: string } {
  return {
    url: apiUrl(origins, 'drive', statisticsEventPath),
    body: JSON.stringify({ event: blockPageEventName, page: input.path, ...input.context }),
  };
}
