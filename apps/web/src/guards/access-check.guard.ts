import { accessRoutes } from '@nimbus/contracts/routes';

/** The cookie that caches the access check's answer: `1` accessible, `0` blocked. */
export const accessCookieName = 'access_to_visit';

/** The access check asks each origin for at most this long (docs/product.md#limits: 5 s). */
export const accessCheckTimeoutMs = 5_000;

/** The path of the access check on each access origin (docs/product.md#calls), from the catalogue. */
export const areaAccessiblePath = accessRoutes.areaAccessible.path;

/** The cached answer of a previous check, or undefined when there is none. */
export function accessFromCookie(value: string | undefined): boolean | undefined {
  if (value === '1') {
    return true;
  }
  if (value === '0') {
    return false;
  }
  return undefined;
}

/** The cookie value that caches an answer. */
export function accessCookieValue(accessible: boolean): string {
  return accessible ? '1' : '0';
}

export interface AccessCheckInput {
  /** Origins serving `/access_controller/v1`; each is asked. */
  origins: readonly string[];
  /** The visitor's address chain, forwarded in `x-forwarded-for`. */
  forwardedFor: string | undefined;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}

async function askOrigin(origin: string, input: AccessCheckInput): Promise<boolean> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input.forwardedFor) {
    headers['x-forwarded-for'] = input.forwardedFor;
  }
  const response = await input.fetchImpl(`${origin}${areaAccessiblePath}`, {
    headers,
    cache: 'no-store',
    signal: AbortSignal.timeout(input.timeoutMs),
  });
  if (!response.ok) {
    throw new Error(`access check answered ${response.status}`);
  }
  const body = (await response.json()) as { accessible?: unknown };
  if (typeof body.accessible !== 'boolean') {
    throw new Error('access check answered without an accessible flag');
  }
  return body.accessible;
}

/**
 * Global guard 5 (docs/product.md#states): asks every access origin at once. Accessible as soon as one
 * says `accessible: true`, and also when every request fails (an outage never locks visitors
 * out); blocked when at least one answered and none said true.
 */
export function checkAccess(input: AccessCheckInput): Promise<boolean> {
  if (input.origins.length === 0) {
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    let pending = input.origins.length;
    let answered = false;
    for (const origin of input.origins) {
      void askOrigin(origin, input)
        .then((accessible) => {
          answered = true;
          if (accessible) {
            resolve(true);
          }
        })
        .catch(() => undefined)
        .finally(() => {
          pending -= 1;
          if (pending === 0) {
            resolve(!answered);
          }
        });
    }
  });
}
