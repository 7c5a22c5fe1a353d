import { errorCodeOf, errorKinds, isErrorReason } from '@nimbus/contracts';
import type { ErrorKind } from '@nimbus/contracts';

/**
 * One item of an error's `details`: typically `google.rpc.ErrorInfo` or
 * `google.rpc.LocalizedMessage` (docs/api.md#errors), but any typed object is kept as it came.
 */
export type ApiErrorDetail = Readonly<Record<string, unknown>>;

/** The error object of docs/product.md#entities and docs/api.md#errors, as a client sees it. */
export interface ApiErrorBody {
  readonly error: string;
  readonly error_code: number;
  readonly error_description: string;
  readonly error_uri: string;
  readonly details: readonly ApiErrorDetail[];
}

export interface ApiErrorOptions {
  /** The HTTP status of the answer, when there was one. */
  readonly status?: number;
  readonly cause?: unknown;
}

/**
 * A failed call: the parsed error object of the answer, or an error the client made itself
 * (`unreachable` for a network failure, `local` for a lock timeout, `cancelled`, ...).
 */
export class ApiError extends Error implements ApiErrorBody {
  readonly error: string;
  readonly error_code: number;
  readonly error_description: string;
  readonly error_uri: string;
  readonly details: readonly ApiErrorDetail[];
  /** The HTTP status of the answer; undefined for errors made by the client. */
  readonly status: number | undefined;

  constructor(body: ApiErrorBody, options: ApiErrorOptions = {}) {
    super(
      body.error_description || body.error,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'ApiError';
    this.error = body.error;
    this.error_code = body.error_code;
    this.error_description = body.error_description;
    this.error_uri = body.error_uri;
    this.details = body.details;
    this.status = options.status;
  }

  /** The error object, as it would travel in an answer. */
  toJSON(): ApiErrorBody {
    return {
      error: this.error,
      error_code: this.error_code,
      error_description: this.error_description,
      error_uri: this.error_uri,
      details: this.details,
    };
  }
}

/** Whether a thrown value is an ApiError. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * An error the client makes itself for a kind of the catalogue, e.g. `unreachable` for a network
 * failure or `cancelled` for a closed captcha challenge.
 */
export function createClientError(
  kind: ErrorKind,
  description: string,
  options: ApiErrorOptions = {},
): ApiError {
  return new ApiError(
    {
      error: kind,
      error_code: errorKinds[kind],
      error_description: description,
      error_uri: '',
      details: [],
    },
    options,
  );
}

/** A `local` error (8001) whose message is exactly `message`, e.g. `lock timeout`. */
export function createLocalError(message: string, options: ApiErrorOptions = {}): ApiError {
  return createClientError('local', message, options);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function codeOf(error: string, value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value)) {
    return value;
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    return Number(value);
  }
  return isErrorReason(error) ? errorCodeOf(error) : errorKinds.unknown;
}

/**
 * Whether a parsed answer is a failure: it is an object whose `error` field holds a value
 * (not null, undefined or the empty string).
 */
export function hasErrorField(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || !('error' in value)) {
    return false;
  }
  const { error } = value;
  return error !== undefined && error !== null && error !== '';
}

/**
 * The error object of a parsed answer, with missing fields filled: a missing `error_code` is
 * taken from the catalogue by the `error` name (OAuth answers carry none), unknown details are
 * kept as they are and non-object details are dropped. Undefined when the answer is no failure.
 */
export function parseErrorBody(value: unknown): ApiErrorBody | undefined {
  if (!hasErrorField(value)) {
    return undefined;
  }
  const error = typeof value.error === 'string' ? value.error : JSON.stringify(value.error);
  const details = Array.isArray(value.details) ? value.details.filter(isRecord) : [];
  return {
    error,
    error_code: codeOf(error, value.error_code),
    error_description: typeof value.error_description === 'string' ? value.error_description : '',
    error_uri: typeof value.error_uri === 'string' ? value.error_uri : '',
    details,
  };
}

/**
 * Any thrown value as an ApiError: ApiErrors pass through, error objects are parsed, anything
 * else becomes `unknown` with its message.
 */
export function toApiError(value: unknown): ApiError {
  if (value instanceof ApiError) {
    return value;
  }
  const body = parseErrorBody(value);
  if (body) {
    return new ApiError(body);
  }
  if (value instanceof Error) {
    return createClientError('unknown', value.message, { cause: value });
  }
  return createClientError('unknown', typeof value === 'string' ? value : '', { cause: value });
}

/** Whether a failure may be retried against the next origin: `unreachable` or `internal`. */
export function isRetryableError(error: ApiErrorBody): boolean {
  return (
    error.error_code === errorKinds.unreachable ||
    error.error_code === errorKinds.internal ||
    error.error === 'unreachable' ||
    error.error === 'internal'
  );
}

/** Whether a failure asks for a fresh captcha token: `captcha_required` or `captcha_invalid`. */
export function isCaptchaError(error: ApiErrorBody): boolean {
  return (
    error.error_code === errorKinds.captcha_required ||
    error.error_code === errorKinds.captcha_invalid ||
    error.error === 'captcha_required' ||
    error.error === 'captcha_invalid'
  );
}

const localizedMessageType = 'type.googleapis.com/google.rpc.LocalizedMessage';

/**
 * The text of the `LocalizedMessage` detail of an error, preferring the one in `locale`;
 * undefined when there is none.
 */
export function localizedMessageOf(
  details: readonly ApiErrorDetail[],
  locale?: string,
): string | undefined {
  const messages = details.filter(
    (detail): detail is ApiErrorDetail & { message: string } =>
      detail['@type'] === localizedMessageType &&
      typeof detail.message === 'string' &&
      detail.message !== '',
  );
  const inLocale =
    locale === undefined
      ? undefined
      : messages.find((detail) => String(detail.locale).toLowerCase() === locale.toLowerCase());
  return (inLocale ?? messages[0])?.message;
}
