import { apiGroupOf } from '@nimbus/contracts';
import type { ApiPathGroup, ErrorKind } from '@nimbus/contracts';
import {
  ApiError,
  createClientError,
  createLocalError,
  isCaptchaError,
  isRetryableError,
  parseErrorBody,
  toApiError,
} from './api-error';
import {
  captchaStorageKey,
  createCaptchaManager,
  defaultCaptchaAction,
  maxCaptchaRenewals,
} from './captcha';
import type {
  CaptchaInitAnswer,
  CaptchaInitRequest,
  CaptchaManager,
  CaptchaMeta,
  SolveChallenge,
} from './captcha';
import { callEndpoint, type CallAnswer, type CallArgs, type CallTarget } from './call';
import { buildRequestUrl } from './request-url';
import type { QueryParams } from './request-url';
import { defaultStorage } from './storage';
import type { StorageLike } from './storage';

/** The retry count of a call when none is configured (docs/product.md#limits). */
export const defaultRetryCount = 2;
/** The most retries a call may make (docs/product.md#limits). */
export const maxRetryCount = 4;
/** The wait between two attempts of a call, in milliseconds (docs/product.md#limits). */
export const defaultRetryDelayMs = 300;
/** The path of the captcha init call (docs/product.md#calls). */
export const captchaInitPath = '/v1/shield/captcha/init';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request body: plain objects and arrays are sent as JSON, anything else as it is. */
export type RequestBody =
  | Readonly<Record<string, unknown>>
  | readonly unknown[]
  | string
  | Blob
  | FormData
  | URLSearchParams
  | ArrayBuffer
  | ArrayBufferView
  | null
  | undefined;

/** The API origins of each path group; an empty or missing list means the page's own origin. */
export type ApiOrigins = Partial<Record<ApiPathGroup, readonly string[]>>;

export interface ApiClientCaptchaOptions {
  /** Shows a challenge and resolves its solution (the web app opens its captcha modal). */
  readonly solveChallenge?: SolveChallenge;
  /** Where the challenge page returns its result; the site's `/loading` page by default. */
  readonly redirectUri?: string;
  /** Meta added to every init call, e.g. the signed meta with the user id. */
  readonly getMeta?: (action: string) => CaptchaMeta | Promise<CaptchaMeta>;
  /** Replaces the built-in `POST /v1/shield/captcha/init` call. */
  readonly init?: (request: CaptchaInitRequest) => Promise<CaptchaInitAnswer>;
  /** Added to the token's storage key after the client id (`captcha_<clientId>_<part>`). */
  readonly storageKeyPart?: string;
  /** Makes the `state` of a challenge; a random UUID by default. */
  readonly createState?: () => string;
}

export interface ApiClientOptions {
  /** The origins of each path group (docs/api.md#conventions). */
  readonly origins?: ApiOrigins;
  /** Sent as `x-client-id` and in captcha init calls. */
  readonly clientId: string;
  /** Sent as `accept-language`; a function is asked on every call. */
  readonly locale: string | (() => string);
  /** Sent as `x-device-id` when it gives a non-empty value. */
  readonly getDeviceId: () => string | Promise<string>;
  /** A bearer token for apps that do not use the session cookie. */
  readonly getAccessToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** The fetch implementation; the platform's by default. */
  readonly fetch?: typeof fetch;
  /** Where captcha tokens are cached; local storage when available, else memory. */
  readonly storage?: StorageLike;
  /** Retries of a failing call: a number from 0 to 4, 2 by default. */
  readonly retries?: number;
  /** The wait between attempts in milliseconds, 300 by default. */
  readonly retryDelayMs?: number;
  /** Cookie credentials of calls that do not choose their own. */
  readonly credentials?: RequestCredentials;
  readonly captcha?: ApiClientCaptchaOptions;
  /** The clock, in epoch milliseconds. */
  readonly now?: () => number;
  /** Told of every failed call once, after retries and captcha renewals (docs/product.md#error-catalogue). */
  readonly onError?: (
    error: ApiError,
    call: { readonly method: HttpMethod; readonly path: string },
  ) => void;
}

export interface RequestOptions {
  /** GET unless set. */
  readonly method?: HttpMethod;
  /** An API path such as `/drive/v1/files`; its prefix chooses the origin group. */
  readonly path: string;
  readonly query?: QueryParams;
  readonly body?: RequestBody;
  /** Extra headers; they override the client's own. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Whether the call is captcha-protected: it sends `x-captcha-token`. */
  readonly captcha?: boolean;
  /** The captcha action; `METHOD:/path` by default. */
  readonly captchaAction?: string;
  readonly captchaMeta?: CaptchaMeta;
  /**
   * False: a `captcha_required` or `captcha_invalid` answer fails the call at once instead of
   * renewing the token and repeating it (for a call that carries its token in the body, whose
   * caller renews it).
   */
  readonly renewCaptcha?: boolean;
  readonly credentials?: RequestCredentials;
  readonly signal?: AbortSignal;
  /** Overrides the client's retry count for this call (0-4). */
  readonly retries?: number;
}

export type CallOptions = Omit<RequestOptions, 'path' | 'method' | 'body'>;

export interface ApiClient {
  /** Sends a call and resolves its parsed JSON answer; rejects with an ApiError. */
  request<T = unknown>(options: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: CallOptions): Promise<T>;
  post<T = unknown>(path: string, body?: RequestBody, options?: CallOptions): Promise<T>;
  put<T = unknown>(path: string, body?: RequestBody, options?: CallOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: RequestBody, options?: CallOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: CallOptions): Promise<T>;
  /**
   * Calls an entry of the API catalogue (`@nimbus/contracts`), or its route from the route table
   * (`@nimbus/contracts/routes`, what the browser uses): path, query and body from the input, the
   * answer typed from the entry.
   */
  call<T extends CallTarget>(endpoint: T, ...args: CallArgs<T>): Promise<CallAnswer<T>>;
  /** The origin a group's next call goes to (`''` for the page's own origin). */
  originOf(group: ApiPathGroup): string;
  /** The client's captcha token cache. */
  readonly captcha: CaptchaManager;
}

/**
 * A retry count as given: a number from 0 to 4 (docs/product.md#validation). Throws a TypeError for
 * anything that is not a number and a RangeError for numbers outside 0-4 or with a fraction.
 */
export function validateRetryCount(value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw new TypeError('retry count must be a number');
  }
  if (!Number.isInteger(value) || value < 0 || value > maxRetryCount) {
    throw new RangeError(`retry count must be a whole number from 0 to ${maxRetryCount}`);
  }
  return value;
}

function validateDelay(value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value)) {
    throw new TypeError('retry delay must be a non-negative number');
  }
  return value;
}

function isJsonBody(
  body: RequestBody,
): body is Readonly<Record<string, unknown>> | readonly unknown[] {
  if (Array.isArray(body)) {
    return true;
  }
  if (typeof body !== 'object' || body === null) {
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}

function kindOfStatus(status: number): ErrorKind {
  switch (status) {
    case 400:
      return 'invalid_argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission_denied';
    case 404:
      return 'not_found';
    case 409:
      return 'aborted';
    case 429:
      return 'resource_exhausted';
    case 501:
      return 'unimplemented';
    default:
      // Gateways answer 502-504 without the error object when an origin is down: retry those.
      return status >= 500 ? 'internal' : 'unknown';
  }
}

/**
 * The result of an answer (docs/product.md#calls): its parsed JSON, `{}` when the body is empty, or an
 * ApiError when the JSON has an `error` field, the status is not 2xx, or the body is not JSON.
 */
export function readApiAnswer(status: number, text: string): unknown {
  const ok = status >= 200 && status < 300;
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch (cause) {
      if (ok) {
        throw createClientError('unknown', 'the answer is not JSON', { status, cause });
      }
      value = undefined;
    }
  }
  const body = parseErrorBody(value);
  if (body) {
    throw new ApiError(body, { status });
  }
  if (!ok) {
    throw createClientError(kindOfStatus(status), `HTTP ${status}`, { status });
  }
  return value;
}

function defaultRedirectUri(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? `${origin}/loading` : '/loading';
}

function sleep(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}

function lowerCaseKeys(
  headers: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    result[name.toLowerCase()] = value;
  }
  return result;
}

/**
 * The request helper of docs/product.md#calls: JSON in and out, the Nimbus headers, retries that
 * rotate across a group's origins on `unreachable` and `internal`, and captcha renewal on
 * `captcha_required` and `captcha_invalid` (at most three times per call). Throws a TypeError
 * or RangeError for an invalid retry count or delay.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const retries = validateRetryCount(options.retries ?? defaultRetryCount);
  const retryDelayMs = validateDelay(options.retryDelayMs ?? defaultRetryDelayMs);
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const storage = options.storage ?? defaultStorage();
  const now = options.now ?? (() => Date.now());
  const origins = new Map<ApiPathGroup, readonly string[]>();
  for (const [group, list] of Object.entries(options.origins ?? {}) as [
    ApiPathGroup,
    readonly string[] | undefined,
  ][]) {
    origins.set(group, [...(list ?? [])]);
  }
  const cursors = new Map<ApiPathGroup, number>();

  function originIndex(group: ApiPathGroup): number {
    return cursors.get(group) ?? 0;
  }

  function originOf(group: ApiPathGroup): string {
    const list = origins.get(group) ?? [];
    return list[originIndex(group) % Math.max(1, list.length)] ?? '';
  }

  /** Moves the group to its next origin, unless a concurrent call has already moved it. */
  function rotateFrom(group: ApiPathGroup, failedIndex: number): void {
    const count = origins.get(group)?.length ?? 0;
    if (count > 1 && originIndex(group) === failedIndex) {
      cursors.set(group, (failedIndex + 1) % count);
    }
  }

  function localeOf(): string {
    return typeof options.locale === 'function' ? options.locale() : options.locale;
  }

  async function sendOnce(
    method: HttpMethod,
    request: RequestOptions,
    origin: string,
    captchaToken: string | undefined,
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': localeOf(),
      'x-client-id': options.clientId,
    };
    const deviceId = await options.getDeviceId();
    if (deviceId) {
      headers['x-device-id'] = deviceId;
    }
    const accessToken = options.getAccessToken ? await options.getAccessToken() : undefined;
    if (accessToken) {
      headers.authorization = `Bearer ${accessToken}`;
    }
    if (captchaToken) {
      headers['x-captcha-token'] = captchaToken;
    }
    let body: BodyInit | undefined;
    if (isJsonBody(request.body)) {
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    } else if (request.body !== undefined && request.body !== null) {
      body = request.body as BodyInit;
    }
    const init: RequestInit = {
      method,
      headers: { ...headers, ...lowerCaseKeys(request.headers) },
    };
    if (body !== undefined) {
      init.body = body;
    }
    const credentials = request.credentials ?? options.credentials;
    if (credentials) {
      init.credentials = credentials;
    }
    if (request.signal) {
      init.signal = request.signal;
    }
    const url = buildRequestUrl(origin, request.path, request.query);
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(url, init);
      status = response.status;
      text = await response.text();
    } catch (cause) {
      if (request.signal?.aborted) {
        throw createClientError('cancelled', 'the request was aborted', { cause });
      }
      throw createClientError('unreachable', 'the server could not be reached', { cause });
    }
    return readApiAnswer(status, text);
  }

  async function sendWithRetries(
    method: HttpMethod,
    request: RequestOptions,
    captchaToken: string | undefined,
  ): Promise<unknown> {
    const allowed = request.retries === undefined ? retries : validateRetryCount(request.retries);
    if (!request.path.startsWith('/')) {
      throw createLocalError(`an API path must begin with a slash: ${request.path}`);
    }
    const pathname = request.path.split(/[?#]/)[0] ?? request.path;
    const group = apiGroupOf(pathname);
    if (!group) {
      throw createLocalError(`not an API path: ${pathname}`);
    }
    if (
      (method === 'GET' || method === 'HEAD') &&
      request.body !== undefined &&
      request.body !== null
    ) {
      throw createLocalError(`a ${method} call cannot have a body`);
    }
    for (let attempt = 0; ; attempt += 1) {
      const index = originIndex(group);
      try {
        return await sendOnce(method, request, originOf(group), captchaToken);
      } catch (cause) {
        const canRetry =
          cause instanceof ApiError &&
          isRetryableError(cause) &&
          attempt < allowed &&
          request.signal?.aborted !== true;
        if (!canRetry) {
          throw cause;
        }
        rotateFrom(group, index);
        await sleep(retryDelayMs);
      }
    }
  }

  const captchaOptions = options.captcha ?? {};
  const captcha = createCaptchaManager({
    clientId: options.clientId,
    storage,
    storageKey: captchaStorageKey(options.clientId, captchaOptions.storageKeyPart),
    getDeviceId: options.getDeviceId,
    init:
      captchaOptions.init ??
      (async (body) =>
        (await sendWithRetries(
          'POST',
          { path: captchaInitPath, body: { ...body } },
          undefined,
        )) as CaptchaInitAnswer),
    redirectUri: captchaOptions.redirectUri ?? defaultRedirectUri(),
    now,
    ...(captchaOptions.solveChallenge ? { solveChallenge: captchaOptions.solveChallenge } : {}),
    ...(captchaOptions.getMeta ? { getMeta: captchaOptions.getMeta } : {}),
    ...(captchaOptions.createState ? { createState: captchaOptions.createState } : {}),
  });

  async function sendWithCaptcha(method: HttpMethod, request: RequestOptions): Promise<unknown> {
    const action = request.captchaAction ?? defaultCaptchaAction(method, request.path);
    let token = request.captcha ? await captcha.token(action, request.captchaMeta) : undefined;
    for (let renewals = 0; ; renewals += 1) {
      try {
        return await sendWithRetries(method, request, token);
      } catch (cause) {
        if (
          !(cause instanceof ApiError) ||
          !isCaptchaError(cause) ||
          request.renewCaptcha === false ||
          renewals >= maxCaptchaRenewals
        ) {
          throw cause;
        }
        token = await captcha.renew(action, token, request.captchaMeta);
      }
    }
  }

  async function request<T>(request: RequestOptions): Promise<T> {
    const method = request.method ?? 'GET';
    try {
      return (await sendWithCaptcha(method, request)) as T;
    } catch (cause) {
      const error = toApiError(cause);
      options.onError?.(error, { method, path: request.path });
      throw error;
    }
  }

  return {
    request,
    get: <T>(path: string, callOptions?: CallOptions) =>
      request<T>({ ...callOptions, path, method: 'GET' }),
    post: <T>(path: string, body?: RequestBody, callOptions?: CallOptions) =>
      request<T>({ ...callOptions, path, method: 'POST', body }),
    put: <T>(path: string, body?: RequestBody, callOptions?: CallOptions) =>
      request<T>({ ...callOptions, path, method: 'PUT', body }),
    patch: <T>(path: string, body?: RequestBody, callOptions?: CallOptions) =>
      request<T>({ ...callOptions, path, method: 'PATCH', body }),
    delete: <T>(path: string, callOptions?: CallOptions) =>
      request<T>({ ...callOptions, path, method: 'DELETE' }),
    call: (endpoint, ...args) => callEndpoint({ request }, endpoint, ...args),
    originOf,
    captcha,
  };
}
