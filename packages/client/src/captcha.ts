import type { AnswerOf, CallInput, shieldApi } from '@nimbus/contracts';
import { createClientError } from './api-error';
import { createLock } from './lock';
import { readStoredObject, type StorageLike } from './storage';

/** Captcha meta: `{email}` before sign-in, the signed `{captcha_sign, ...}` after (docs/api.md#user-service). */
export type CaptchaMeta = Readonly<Record<string, string>>;

/** A captcha token as it is cached (docs/product.md#entities). */
export interface CaptchaTokenRecord {
  readonly action: string;
  readonly meta: CaptchaMeta;
  readonly captcha_token: string;
  /** The lifetime the server gave, in seconds. */
  readonly expires_in: number;
  /** When the cached token stops being used, in epoch milliseconds. */
  readonly expires_at: number;
}

/** The body of `POST /v1/shield/captcha/init`, as the catalogue defines it. */
export type CaptchaInitRequest = Exclude<
  CallInput<typeof shieldApi.captchaInit>['body'],
  undefined
>;

/**
 * The answer of the init call: a token, or a challenge `url` the user must complete first. Every
 * field is read as optional, so an answer without one fails with a clear error, not a crash.
 */
export type CaptchaInitAnswer = Partial<AnswerOf<typeof shieldApi.captchaInit>>;

/** What a solved challenge returns through its redirect. */
export interface CaptchaSolution {
  readonly captcha_token: string;
  readonly expires_in: number;
}

/** What a challenge solver knows besides the url. */
export interface CaptchaChallengeContext {
  /** The `state` appended to the url; the redirect must carry it back unchanged. */
  readonly state: string;
  readonly action: string;
}

/**
 * Shows a captcha challenge (the web app opens its modal on `url`) and resolves the solution;
 * resolving null or rejecting means the user closed it: the call fails with `cancelled`.
 */
export type SolveChallenge = (
  url: string,
  context: CaptchaChallengeContext,
) => Promise<CaptchaSolution | null | undefined>;

/** The prefix of the storage keys of cached captcha tokens. */
export const captchaStorageKeyPrefix = 'captcha_';

/** Seconds taken off the server's token lifetime so a token is never sent about to expire. */
export const captchaExpiryMarginSeconds = 30;

/** How often one call may renew its captcha token (docs/product.md#limits). */
export const maxCaptchaRenewals = 3;

/** The storage key of a client's cached captcha token: `captcha_<clientId>[_<part>]`. */
export function captchaStorageKey(clientId: string, part?: string): string {
  return part
    ? `${captchaStorageKeyPrefix}${clientId}_${part}`
    : `${captchaStorageKeyPrefix}${clientId}`;
}

/** The default captcha action of a call: `METHOD:/path` (docs/api.md#user-service). */
export function defaultCaptchaAction(method: string, path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return `${method.toUpperCase()}:${pathname}`;
}

/** A record for a token that is used until its lifetime minus 30 seconds has passed. */
export function createCaptchaRecord(
  token: { action: string; meta: CaptchaMeta; captcha_token: string; expires_in: number },
  now: number,
): CaptchaTokenRecord {
  const lifetime = Number.isFinite(token.expires_in) ? token.expires_in : 0;
  return {
    action: token.action,
    meta: token.meta,
    captcha_token: token.captcha_token,
    expires_in: lifetime,
    expires_at: now + Math.max(0, lifetime - captchaExpiryMarginSeconds) * 1000,
  };
}

/** Whether a cached record may be sent for `action` at time `now`. */
export function isCaptchaRecordValid(
  record: CaptchaTokenRecord,
  action: string,
  now: number,
): boolean {
  return record.action === action && record.captcha_token !== '' && record.expires_at > now;
}

function isStringRecord(value: unknown): value is CaptchaMeta {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/** The record stored under `key`, or undefined when there is none or it is malformed. */
export function readCaptchaRecord(
  storage: Pick<StorageLike, 'getItem'>,
  key: string,
): CaptchaTokenRecord | undefined {
  const record = readStoredObject(storage, key);
  if (
    record === undefined ||
    typeof record.action !== 'string' ||
    typeof record.captcha_token !== 'string' ||
    typeof record.expires_in !== 'number' ||
    typeof record.expires_at !== 'number' ||
    !isStringRecord(record.meta)
  ) {
    return undefined;
  }
  return {
    action: record.action,
    meta: record.meta,
    captcha_token: record.captcha_token,
    expires_in: record.expires_in,
    expires_at: record.expires_at,
  };
}

/**
 * A challenge url with `redirect_uri` and `state` appended to its query (before any fragment),
 * replacing values of those names already present.
 */
export function withChallengeParams(
  url: string,
  params: { redirectUri: string; state: string },
): string {
  const hashIndex = url.indexOf('#');
  const hash = hashIndex >= 0 ? url.slice(hashIndex) : '';
  const beforeHash = hashIndex >= 0 ? url.slice(0, hashIndex) : url;
  const queryIndex = beforeHash.indexOf('?');
  const base = queryIndex >= 0 ? beforeHash.slice(0, queryIndex) : beforeHash;
  const search = new URLSearchParams(queryIndex >= 0 ? beforeHash.slice(queryIndex + 1) : '');
  search.set('redirect_uri', params.redirectUri);
  search.set('state', params.state);
  return `${base}?${search.toString()}${hash}`;
}

/** A random `state` for a challenge. */
export function createChallengeState(): string {
  return globalThis.crypto.randomUUID();
}

export interface CaptchaManagerOptions {
  readonly clientId: string;
  readonly storage: StorageLike;
  readonly storageKey: string;
  readonly getDeviceId: () => string | Promise<string>;
  /** Sends the init call. */
  readonly init: (request: CaptchaInitRequest) => Promise<CaptchaInitAnswer>;
  readonly solveChallenge?: SolveChallenge;
  /** Where the challenge page returns its result: the site's `/loading` page. */
  readonly redirectUri: string;
  /** Meta added to every init call, e.g. the signed meta with the user id. */
  readonly getMeta?: (action: string) => CaptchaMeta | Promise<CaptchaMeta>;
  readonly createState?: () => string;
  readonly now: () => number;
}

export interface CaptchaManager {
  /** A token for `action`: the cached one while valid, else a fresh one. */
  token(action: string, meta?: CaptchaMeta): Promise<string>;
  /**
   * A fresh token after the server refused `stale`. When another call has already replaced
   * the stale token, the replacement is used instead of asking again.
   */
  renew(action: string, stale: string | undefined, meta?: CaptchaMeta): Promise<string>;
  /** Forgets the cached token. */
  clear(): void;
}

/**
 * The captcha token cache and renewal of docs/product.md #states and #calls. Renewals are serialised so that
 * concurrent calls open one challenge, not several.
 */
export function createCaptchaManager(options: CaptchaManagerOptions): CaptchaManager {
  const lock = createLock({ reentrant: false });

  async function fetchToken(
    action: string,
    previous: string | undefined,
    callMeta: CaptchaMeta | undefined,
  ): Promise<string> {
    const baseMeta = options.getMeta ? await options.getMeta(action) : {};
    const meta: CaptchaMeta = { ...baseMeta, ...callMeta };
    const answer = await options.init({
      client_id: options.clientId,
      action,
      device_id: await options.getDeviceId(),
      captcha_token: previous ?? '',
      meta,
    });
    const solution = answer.url ? await solve(answer.url, action) : answer;
    if (!solution.captcha_token) {
      throw createClientError('captcha_required', 'the captcha service gave no token');
    }
    const record = createCaptchaRecord(
      {
        action,
        meta,
        captcha_token: solution.captcha_token,
        expires_in: solution.expires_in ?? 0,
      },
      options.now(),
    );
    options.storage.setItem(options.storageKey, JSON.stringify(record));
    return record.captcha_token;
  }

  async function solve(url: string, action: string): Promise<CaptchaSolution> {
    if (!options.solveChallenge) {
      throw createClientError('captcha_required', 'a captcha challenge must be solved');
    }
    const state = (options.createState ?? createChallengeState)();
    const challengeUrl = withChallengeParams(url, { redirectUri: options.redirectUri, state });
    let solution: CaptchaSolution | null | undefined;
    try {
      solution = await options.solveChallenge(challengeUrl, { state, action });
    } catch (cause) {
      throw createClientError('cancelled', 'the captcha challenge was cancelled', { cause });
    }
    if (!solution || !solution.captcha_token) {
      throw createClientError('cancelled', 'the captcha challenge was cancelled');
    }
    return solution;
  }

  function cached(): CaptchaTokenRecord | undefined {
    return readCaptchaRecord(options.storage, options.storageKey);
  }

  return {
    token: (action, meta) =>
      lock.run(async () => {
        const record = cached();
        if (record && isCaptchaRecordValid(record, action, options.now())) {
          return record.captcha_token;
        }
        return fetchToken(action, record?.captcha_token, meta);
      }),
    renew: (action, stale, meta) =>
      lock.run(async () => {
        const record = cached();
        if (
          record &&
          isCaptchaRecordValid(record, action, options.now()) &&
          record.captcha_token !== stale
        ) {
          return record.captcha_token;
        }
        options.storage.removeItem(options.storageKey);
        return fetchToken(action, stale ?? record?.captcha_token, meta);
      }),
    clear: () => {
      options.storage.removeItem(options.storageKey);
    },
  };
}
