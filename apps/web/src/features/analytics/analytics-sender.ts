import { analyticsLimits, type AnalyticsEventName, type AnalyticsProps } from '@nimbus/contracts';
import type { AnalyticsContext } from './analytics-context';

/*
 * Sends analytics events to `POST /statistics/pub/event` in batches: an event waits until the
 * batch is full or a few seconds passed, and everything waiting goes with `navigator.sendBeacon`
 * when the page is hidden or left. Nothing is queued or sent unless analysis is allowed, and a
 * change of mind drops what waits. Bodies are `text/plain` JSON: a beacon cannot send JSON to
 * another origin without a preflight it cannot make.
 */

/** The analytics path (drive group, docs/product.md#calls). */
export const statisticsEventPath = '/statistics/pub/event';

/** One event as the server takes it. */
export interface OutgoingEvent extends AnalyticsContext {
  event: AnalyticsEventName;
  page: string;
  props?: AnalyticsProps;
}

export interface AnalyticsSenderDeps {
  /** Where events go: the drive group's `/statistics/pub/event`. */
  url: string;
  /** The analytics context and page route at the time of an event. */
  contextOf: () => AnalyticsContext;
  pageOf: () => string;
  /** Asked before an event is queued and again before anything is sent. */
  isAllowed: () => boolean;
  /** `navigator.sendBeacon` with a text body; false when the browser did not queue it. */
  beacon: (url: string, body: string) => boolean;
  /** A POST of a text body that may outlive the page (`fetch` with `keepalive`). */
  post: (url: string, body: string) => Promise<unknown>;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  /** How long an event may wait for others, in milliseconds. */
  flushDelayMs?: number;
  /** Events that make a batch go at once. */
  batchSize?: number;
  /** Events kept at most while waiting; the oldest go first beyond. */
  maxQueue?: number;
}

const encoder = new TextEncoder();

/** Cuts a text to `max` characters without control characters. */
function clean(value: string, max: number): string {
  return Array.from(value)
    .filter((char) => !/[\p{Cc}\u2028\u2029]/u.test(char))
    .join('')
    .slice(0, max);
}

function matching(value: string, pattern: RegExp, max: number): string {
  return value.length <= max && pattern.test(value) ? value : '';
}

const hostPattern = /^[A-Za-z0-9][A-Za-z0-9.-]{0,252}(:[0-9]{1,5})?$/;

/** The context within the server's limits: over-long texts cut, malformed values left empty. */
export function boundedContext(context: AnalyticsContext): AnalyticsContext {
  return {
    client_type: context.client_type,
    language_system: matching(
      context.language_system,
      /^([A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)?$/,
      analyticsLimits.languageMaxChars,
    ),
    language_web: matching(
      context.language_web,
      /^([A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)?$/,
      analyticsLimits.languageMaxChars,
    ),
    userType: context.userType,
    source: clean(context.source, analyticsLimits.textMaxChars),
    scene: clean(context.scene, analyticsLimits.textMaxChars),
    referer_list: context.referer_list
      .split(',')
      .filter((host) => hostPattern.test(host))
      .slice(0, analyticsLimits.maxReferers)
      .join(','),
    deviceid: matching(context.deviceid, /^[A-Za-z0-9_-]*$/, analyticsLimits.deviceIdMaxChars),
    userid: matching(context.userid, /^[A-Za-z0-9_-]*$/, analyticsLimits.userIdMaxChars),
    country: matching(context.country, /^([A-Za-z]{2})?$/, 2),
  };
}

/** The properties within the server's limits. */
function boundedProps(props: AnalyticsProps): AnalyticsProps | undefined {
  const entries = Object.entries(props)
    .filter(
      ([key, value]) =>
        /^[a-z][a-z0-9_]{0,31}$/.test(key) && (typeof value === 'string' || Number.isFinite(value)),
    )
    .slice(0, analyticsLimits.maxProps)
    .map(([key, value]) => [
      key,
      typeof value === 'string' ? clean(value, analyticsLimits.propValueMaxChars) : value,
    ]);
  return entries.length > 0 ? (Object.fromEntries(entries) as AnalyticsProps) : undefined;
}

/**
 * The bodies that carry `events`: `{events}` batches of at most 50 events and 64 KiB each, in
 * order. An event too large to go alone is left out.
 */
export function batchBodies(events: readonly OutgoingEvent[]): string[] {
  const bodies: string[] = [];
  let batch: string[] = [];
  let bytes = 0;
  const overhead = encoder.encode('{"events":[]}').length;
  const close = () => {
    if (batch.length > 0) {
      bodies.push(`{"events":[${batch.join(',')}]}`);
    }
    batch = [];
    bytes = 0;
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    const size = encoder.encode(json).length + 1;
    if (size + overhead > analyticsLimits.bodyMaxBytes) {
      continue;
    }
    if (
      batch.length >= analyticsLimits.maxBatch ||
      bytes + size + overhead > analyticsLimits.bodyMaxBytes
    ) {
      close();
    }
    batch.push(json);
    bytes += size;
  }
  close();
  return bodies;
}

/** The sender of one page. */
export interface AnalyticsSender {
  /** Queues an event (nothing when analysis is not allowed). */
  track(name: AnalyticsEventName, props?: AnalyticsProps): void;
  /** Sends what waits: `unload` with beacons (the page is going), else with a POST. */
  flush(mode: 'now' | 'unload'): void;
  /** Drops what waits (the visitor turned analysis off). */
  clear(): void;
  /** Events waiting. */
  pending(): number;
}

export function createAnalyticsSender(deps: AnalyticsSenderDeps): AnalyticsSender {
  const flushDelayMs = deps.flushDelayMs ?? 5000;
  const batchSize = Math.min(deps.batchSize ?? 20, analyticsLimits.maxBatch);
  const maxQueue = deps.maxQueue ?? 200;
  let queue: OutgoingEvent[] = [];
  let timer: unknown;

  const stopTimer = () => {
    if (timer !== undefined) {
      deps.clearTimer(timer);
      timer = undefined;
    }
  };

  const sender: AnalyticsSender = {
    track(name, props) {
      if (!deps.isAllowed()) {
        return;
      }
      const bounded = props === undefined ? undefined : boundedProps(props);
      queue.push({
        event: name,
        page: deps.pageOf(),
        ...boundedContext(deps.contextOf()),
        ...(bounded ? { props: bounded } : {}),
      });
      if (queue.length > maxQueue) {
        queue = queue.slice(queue.length - maxQueue);
      }
      if (queue.length >= batchSize) {
        sender.flush('now');
        return;
      }
      if (timer === undefined) {
        timer = deps.setTimer(() => {
          timer = undefined;
          sender.flush('now');
        }, flushDelayMs);
      }
    },

    flush(mode) {
      stopTimer();
      const events = queue;
      queue = [];
      if (events.length === 0 || !deps.isAllowed()) {
        return;
      }
      for (const body of batchBodies(events)) {
        if (mode === 'unload' && deps.beacon(deps.url, body)) {
          continue;
        }
        // Analytics never disturb the page: a failed send is dropped.
        deps.post(deps.url, body).catch(() => undefined);
      }
    },

    clear() {
      stopTimer();
      queue = [];
    },

    pending() {
      return queue.length;
    },
  };
  return sender;
}
