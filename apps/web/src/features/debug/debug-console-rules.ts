import type { ApiClient, StorageLike } from '@nimbus/client';
import { siteConfigRoutes } from '@nimbus/contracts/routes';

/*
 * The hidden debug console of docs/product.md #screens-and-routes, #states and #roles: hidden by default, opened by five or
 * more rapid consecutive clicks (each within 200 ms of the one before) where the debug flag is
 * on and the server's `debug_options` allow it. The config is fetched once and remembered.
 */

/** Clicks that open the console. */
export const debugClicksNeeded = 5;
/** The longest pause between two clicks of a run, in milliseconds. */
export const debugClickGapMs = 200;
/** The query parameter, or local storage key (value `1`), that turns the debug flag on. */
export const debugFlagName = 'nimbus_debug';

/**
 * Counts a run of clicks: `click(at)` answers true from the fifth click of a run in which each
 * click came within 200 ms of the previous one; a slower click starts a new run.
 */
export function createClickRun(needed = debugClicksNeeded, gapMs = debugClickGapMs) {
  let count = 0;
  let last = Number.NEGATIVE_INFINITY;
  return {
    click(at: number): boolean {
      count = at - last <= gapMs ? count + 1 : 1;
      last = at;
      return count >= needed;
    },
    reset(): void {
      count = 0;
      last = Number.NEGATIVE_INFINITY;
    },
  };
}

/**
 * The debug flag check: on when the page's query carries `nimbus_debug=1`, or local storage
 * holds `nimbus_debug` = `1` (set by a developer, kept across pages).
 */
export function isDebugFlagOn(url: URL, storage: Pick<StorageLike, 'getItem'>): boolean {
  return url.searchParams.get(debugFlagName) === '1' || storage.getItem(debugFlagName) === '1';
}

/** Whether a `debug_options` answer allows the console (`values.debug_options.allow_vconsole`). */
export function allowsDebugConsole(answer: unknown): boolean {
  const values = (answer as { values?: { debug_options?: { allow_vconsole?: unknown } } } | null)
    ?.values;
  return values?.debug_options?.allow_vconsole === true;
}

/**
 * Asks `POST /config/v1/debug_options` (`client=web`, the signed-in user id in `data`, `''`
 * when signed out) once; the answer is remembered for the page. A failed call answers false
 * and is asked again on the next trigger.
 */
export function createDebugConfig(client: Pick<ApiClient, 'call'>, userId: () => string) {
  let remembered: Promise<boolean> | undefined;
  return function isAllowed(): Promise<boolean> {
    remembered ??= client
      .call(
        siteConfigRoutes.values,
        { params: { scope: 'debug_options' }, body: { client: 'web', data: { userid: userId() } } },
        { retries: 0 },
      )
      .then(allowsDebugConsole, () => {
        remembered = undefined;
        return false;
      });
    return remembered;
  };
}
