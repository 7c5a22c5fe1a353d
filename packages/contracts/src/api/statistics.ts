import { analyticsEventNames, analyticsLimits, appDownloadPlatforms } from '../analytics';
import { analyticsBodySchema, appDownloadCountsSchema } from '../analytics-schemas';
import { z } from 'zod';
import { helpArticleSlugs, helpVotesPerMinute } from '../help-center';
import { locales } from '../locales';
import { defineEndpoint } from './endpoint';

const tags = ['statistics'];

/**
 * The analytics paths of the drive group (`/statistics`): the events of the web app and the
 * apps, and the public app download counts.
 */
export const statisticsApi = {
  recordEvents: defineEndpoint({
    method: 'POST',
    path: '/statistics/pub/event',
    summary: 'Record analytics events (one, or a batch of up to 50)',
    description:
      'Open to visitors. The body is one event or `{"events": [...]}` with 1-' +
      `${analyticsLimits.maxBatch} events, as \`application/json\` or \`text/plain\` ` +
      `(what \`navigator.sendBeacon\` sends), at most ${analyticsLimits.bodyMaxBytes} bytes. ` +
      `An event: \`event\` (${analyticsEventNames.join(', ')}), \`page\` (a path; share ids ` +
      'and tokens are replaced by placeholders before it is kept), the analytics context ' +
      '(`client_type`, `language_system`, `language_web`, `userType`, `source`, `scene`, ' +
      '`referer_list`, `deviceid`, `userid`, `country`) and optional `props` (up to ' +
      `${analyticsLimits.maxProps} snake_case names with text or numbers; \`app-download\` ` +
      `needs \`props.platform\`: ${appDownloadPlatforms.join(', ')}). The member is taken from ` +
      'the credential when one is sent, never from `userid`. No raw address is kept. ' +
      'Past `ANALYTICS_MAX_PER_MINUTE` calls a minute from one address the call answers ' +
      '`too_many_requests` with `Retry-After`. Answers 204.',
    tags,
    auth: 'visitor',
    body: analyticsBodySchema,
  }),
  downloadCounts: defineEndpoint({
    method: 'GET',
    path: '/statistics/pub/download',
    summary: 'Public app download counts per platform',
    description:
      `Downloads counted per platform (${appDownloadPlatforms.join(', ')}) from the ` +
      '`app-download` events of the download pages, each address once a day per platform, ' +
      'with their `total`; counts are decimal strings. Read at most once a minute ' +
      '(`Cache-Control: public, max-age=60`); `updated_time` tells when.',
    tags,
    auth: 'visitor',
    answer: appDownloadCountsSchema,
  }),
  recordHelpVote: defineEndpoint({
    method: 'POST',
    path: '/statistics/pub/help_vote',
    summary: 'Answer “Was this helpful?” under a help-centre article',
    description:
      'Open to visitors, and not tied to the statistics switch: the visitor sends it by choice, ' +
      'and it is kept without member, device or address (an `analytics_events` row `help-vote` ' +
      'with `props` `article` and `helpful`, deleted with the other events after ' +
      '`ANALYTICS_RETENTION_DAYS`). `article` is a slug of the help centre, `language` the ' +
      `page's locale. Past ${helpVotesPerMinute} calls a minute from one address the call ` +
      'answers `too_many_requests` with `Retry-After`. Answers 204.',
    tags,
    auth: 'visitor',
    body: z
      .object({
        article: z.enum(helpArticleSlugs),
        helpful: z.boolean(),
        language: z.enum(locales),
      })
      .strict(),
  }),
} as const;
