import {
  appDownloadPlatforms,
  locales,
  pageRouteOf,
  type AnalyticsEvent,
  type AppDownloadPlatform,
  type HelpArticleSlug,
  type Locale,
} from '@nimbus/contracts';
import type { AnalyticsEventTable, AppDownloadMarkTable } from '../../db/schema';
import { keyedHash, newIds } from '../../lib/secrets';
import type { StatisticsRepository } from './statistics.repository';

const dayMs = 86_400_000;

/** Events the retention sweep deletes per batch. */
const sweepBatch = 5000;

export interface StatisticsServiceDeps {
  statistics: StatisticsRepository;
  /** Key of the stored hashes of addresses and device ids (no raw address is kept). */
  hashKey: Uint8Array;
  /** Days an event is kept (ANALYTICS_RETENTION_DAYS). */
  retentionDays: number;
  /** How long the public download counts are served from memory. */
  countsTtlMs?: number;
  now: () => Date;
}

/** Who sends events: the member of the credential (never the body's `userid`) and the request's facts. */
export interface EventSender {
  userId: string | null;
  address: string;
  /** The country the CDN reported (ISO alpha-2), `''` when none. */
  country: string;
  /** The request's `x-client-id`, `''` when none. */
  clientId: string;
}

/** The public download counts. */
export interface DownloadCounts {
  downloads: Record<AppDownloadPlatform, number>;
  total: number;
  readAt: Date;
}

function isPlatform(value: unknown): value is AppDownloadPlatform {
  return typeof value === 'string' && (appDownloadPlatforms as readonly string[]).includes(value);
}

/**
 * Analytics (`/statistics/pub/*`): stores the events of the web app and the other clients with
 * the analytics context, keyed hashes in place of the address and the device id, the page's
 * route in place of its address; counts app downloads per platform, one a day per address;
 * deletes events past the retention.
 */
export function createStatisticsService(deps: StatisticsServiceDeps) {
  const countsTtlMs = deps.countsTtlMs ?? 60_000;
  let cached: { counts: Promise<DownloadCounts>; expiresAt: number } | undefined;
  const hash = (kind: string, value: string) =>
    keyedHash(deps.hashKey, `${kind}:${value}`).slice(0, 32);

  return {
    /** Stores a call's events (already validated) for their sender. */
    async record(sender: EventSender, events: readonly AnalyticsEvent[]): Promise<void> {
      const at = deps.now().toISOString();
      const addressHash = hash('address', sender.address);
      const ids = newIds(events.length);
      const rows = events.map((event, index): AnalyticsEventTable => ({
        id: ids[index] ?? '',
        event: event.event,
        page: pageRouteOf(event.page, locales),
        client_id: sender.clientId,
        client_type: event.client_type,
        language_system: event.language_system,
        language_web: event.language_web,
        user_type: event.userType,
        source: event.source,
        scene: event.scene,
        referer_list: event.referer_list.toLowerCase(),
        device_hash: event.deviceid === '' ? '' : hash('device', event.deviceid),
        user_id: sender.userId,
        country: (sender.country || event.country).toUpperCase(),
        address_hash: addressHash,
        props: JSON.stringify(event.props ?? {}),
        created_at: at,
      }));
      const day = at.slice(0, 10);
      const platforms = new Set(
        events.flatMap((event) =>
          event.event === 'app-download' && isPlatform(event.props?.platform)
            ? [event.props.platform]
            : [],
        ),
      );
      const marks = [...platforms].map((platform): AppDownloadMarkTable => ({
        platform,
        address_hash: addressHash,
        day,
      }));
      await deps.statistics.insert(rows, marks, at);
    },

    /**
     * Keeps an answer to "Was this helpful?" as a `help-vote` event with no member, device or
     * address: the visitor sends it by choice, whatever the statistics switch says.
     */
    async recordHelpVote(vote: {
      article: HelpArticleSlug;
      helpful: boolean;
      language: Locale;
    }): Promise<void> {
      const at = deps.now().toISOString();
      const [id = ''] = newIds(1);
      const row: AnalyticsEventTable = {
        id,
        event: 'help-vote',
        page: '/help-center',
        client_id: '',
        client_type: 'web',
        language_system: '',
        language_web: vote.language,
        user_type: 1,
        source: '',
        scene: '',
        referer_list: '',
        device_hash: '',
        user_id: null,
        country: '',
        address_hash: '',
        props: JSON.stringify({ article: vote.article, helpful: vote.helpful ? 'yes' : 'no' }),
        created_at: at,
      };
      await deps.statistics.insert([row], [], at);
    },

    /** The download counts per platform, read from the database at most once per `countsTtlMs` (a minute). */
    downloadCounts(): Promise<DownloadCounts> {
      const nowMs = deps.now().getTime();
      if (cached && cached.expiresAt > nowMs) {
        return cached.counts;
      }
      const counts = deps.statistics.downloadCounts().then((stored) => {
        const downloads = Object.fromEntries(
          appDownloadPlatforms.map((platform) => [platform, stored.get(platform) ?? 0]),
        ) as Record<AppDownloadPlatform, number>;
        return {
          downloads,
          total: Object.values(downloads).reduce((sum, count) => sum + count, 0),
          readAt: new Date(nowMs),
        };
      });
      const entry = { counts, expiresAt: nowMs + countsTtlMs };
      cached = entry;
      // A failed read is not kept: the next call reads again.
      counts.catch(() => {
        if (cached === entry) {
          cached = undefined;
        }
      });
      return counts;
    },

    /**
     * One batch of the retention sweep: deletes events older than the retention and download
     * marks of days before yesterday; answers how many events went (0 when done).
     */
    async sweepExpired(): Promise<number> {
      const nowMs = deps.now().getTime();
      const before = new Date(nowMs - deps.retentionDays * dayMs).toISOString();
      const beforeDay = new Date(nowMs - dayMs).toISOString().slice(0, 10);
      return deps.statistics.deleteOlderThan(before, beforeDay, sweepBatch);
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
