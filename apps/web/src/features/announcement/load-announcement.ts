import { createHash } from 'node:crypto';
import { cache } from 'react';
import { announcementOf, type Locale } from '@nimbus/contracts';
import { siteConfigRoutes } from '@nimbus/contracts/routes';
import { createServerApiClient } from '@/lib/api/server-client';

/** How long a page waits for the announcement before it goes without. */
const announcementWaitMs = 1500;

/** The announcement a page shows: its tone, its text in the page's language, and an id of both. */
export interface PageAnnouncement {
  tone: 'info' | 'warning';
  text: string;
  /** Changes whenever the tone or text does, so a new announcement shows again after a close. */
  id: string;
}

/**
 * The announcement banner of the operator's `basic.announcement` setting
 * (`POST /config/v1/basic`, through INTERNAL_API_URL), asked on every visit so a change in the
 * console shows at once. None when there is no text in `locale`, or the config host does not
 * answer within 1.5 s.
 */
export const loadAnnouncement = cache(
  async (locale: Locale): Promise<PageAnnouncement | undefined> => {
    const client = createServerApiClient(locale);
    try {
      const answer = await client.call(
        siteConfigRoutes.values,
        {
          params: { scope: 'basic' },
          body: { client: 'web', data: { language_system: locale, language_app: locale } },
        },
        // Every page waits for it: a config host that does not answer at once shows no banner.
        { retries: 0, signal: AbortSignal.timeout(announcementWaitMs) },
      );
      const announcement = announcementOf(answer.values['basic']);
      const text = announcement?.text[locale]?.trim() ?? '';
      if (announcement === undefined || text === '') {
        return undefined;
      }
      const id = createHash('sha256')
        .update(`${announcement.tone}\n${text}`)
        .digest('base64url')
        .slice(0, 16);
      return { tone: announcement.tone, text, id };
    } catch (cause) {
      console.warn('announcement unavailable', cause);
      return undefined;
    }
  },
);
