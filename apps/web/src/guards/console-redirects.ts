import { siteRedirectsOf, type SiteRedirect } from '@nimbus/contracts';
import { siteConfigRoutes } from '@nimbus/contracts/routes';

/** How long a node uses the console's redirects before it asks the config host again. */
export const consoleRedirectsTtlMs = 5_000;

/** How long a page request waits for the config host's answer before it goes on without. */
export const consoleRedirectsWaitMs = 1_000;

export interface ConsoleRedirectsInput {
  /** Reads the console's redirects (`basic.site_redirects`); throws when it cannot. */
  load: () => Promise<SiteRedirect[]>;
  now: () => number;
  ttlMs: number;
}

/**
 * The redirects an admin stores in the console (setting `basic.site_redirects`), as the proxy
 * reads them: asked once per `ttlMs` by one request at a time, so a change is in force on every
 * node within seconds without a restart. When the config host cannot answer, the last known
 * list stays in force (none before the first answer) until the next try.
 */
export function createConsoleRedirects(
  input: ConsoleRedirectsInput,
): () => Promise<SiteRedirect[]> {
  let known: SiteRedirect[] = [];
  let askedAt = Number.NEGATIVE_INFINITY;
  let asking: Promise<SiteRedirect[]> | undefined;
  return () => {
    if (input.now() - askedAt < input.ttlMs) {
      return Promise.resolve(known);
    }
    asking ??= input
      .load()
      .then(
        (redirects) => {
          known = redirects;
          return redirects;
        },
        (cause: unknown) => {
          console.warn('console redirects unavailable', cause);
          return known;
        },
      )
      .finally(() => {
        askedAt = input.now();
        asking = undefined;
      });
    return asking;
  };
}

/** Reads `basic.site_redirects` from the config host at `origin` (`POST /config/v1/basic`). */
export async function loadConsoleRedirects(
  origin: string,
  fetchImpl: typeof fetch,
): Promise<SiteRedirect[]> {
  const path = siteConfigRoutes.values.path.replace(':scope', 'basic');
  const response = await fetchImpl(`${origin}${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ client: 'web' }),
    cache: 'no-store',
    signal: AbortSignal.timeout(consoleRedirectsWaitMs),
  });
  if (!response.ok) {
    throw new Error(`the config host answered ${response.status}`);
  }
  const body = (await response.json()) as { values?: Record<string, unknown> };
  return siteRedirectsOf(body.values?.basic);
}
