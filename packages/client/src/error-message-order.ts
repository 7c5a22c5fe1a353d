import { errorCodeOf, errorKinds, isErrorReason, resolveLocale } from '@nimbus/contracts';
import type { ErrorKind, ErrorReason, Locale } from '@nimbus/contracts';
import { localizedMessageOf, toApiError } from './api-error';

/*
 * The message choice order of docs/product.md#error-catalogue without a built-in catalogue: a page that has the
 * messages of its own locale passes them as the lookup and does not ship every locale's.
 */

/** The message of a reason in a locale, or undefined when the catalogue has none. */
export type MessageLookup = (reason: ErrorReason, locale: Locale) => string | undefined;

export interface PickErrorMessageWithOptions {
  /** The language of the message; unsupported locales use the default locale. */
  readonly locale: string;
  /** Where messages by reason come from. */
  readonly lookup: MessageLookup;
}

/** The lowest error code whose message is taken from the catalogue (docs/product.md#error-catalogue). */
export const firstCatalogueCode = 17;

const fallbackTexts = {
  unreachable: 'Network error, please check your connection and try again',
  captcha_invalid: 'Your operation is too frequent, please try again later',
  unknown: 'Something went wrong, please try again',
} as const;

const kindByCode = new Map<number, ErrorKind>(
  (Object.entries(errorKinds) as [ErrorKind, number][]).map(([kind, code]) => [code, kind]),
);

function reasonOfCode(error: string, code: number): ErrorReason | undefined {
  if (isErrorReason(error) && errorCodeOf(error) === code) {
    return error;
  }
  return kindByCode.get(code);
}

/**
 * The message to show for a failure, in the order of docs/product.md#error-catalogue, with messages from the
 * given lookup: a `LocalizedMessage` in the details (preferring the requested locale); then the
 * special texts (`unreachable` shows the network message, `captcha_invalid` 'Your operation is
 * too frequent, please try again later'); then the message of the numeric code, for codes 17 and
 * above; else a default text with the error and its description in brackets.
 */
export function pickErrorMessageWith(error: unknown, options: PickErrorMessageWithOptions): string {
  const failure = toApiError(error);
  const locale = resolveLocale(options.locale);
  const { lookup } = options;

  const localized = localizedMessageOf(failure.details, locale);
  if (localized !== undefined) {
    return localized;
  }
  if (failure.error === 'unreachable' || failure.error_code === errorKinds.unreachable) {
    return lookup('unreachable', locale) ?? fallbackTexts.unreachable;
  }
  if (failure.error === 'captcha_invalid' || failure.error_code === errorKinds.captcha_invalid) {
    return lookup('captcha_invalid', locale) ?? fallbackTexts.captcha_invalid;
  }
  if (failure.error_code >= firstCatalogueCode) {
    const reason = reasonOfCode(failure.error, failure.error_code);
    const text = reason === undefined ? undefined : lookup(reason, locale);
    if (text !== undefined && text !== '') {
      return text;
    }
  }
  const generic = lookup('unknown', locale) ?? fallbackTexts.unknown;
  const detail = failure.error_description
    ? `${failure.error}: ${failure.error_description}`
    : failure.error;
  return detail ? `${generic} (${detail})` : generic;
}
