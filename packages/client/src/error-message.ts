import { errorMessage } from '@nimbus/contracts';
import type { MessageLookup } from './error-message-order';
import { pickErrorMessageWith } from './error-message-order';

export type { MessageLookup } from './error-message-order';
export { firstCatalogueCode } from './error-message-order';

export interface PickErrorMessageOptions {
  /** The language of the message; unsupported locales use the default locale. */
  readonly locale: string;
  /** Where messages by reason come from; the shared catalogue of the contracts by default. */
  readonly lookup?: MessageLookup;
}

/** The shared message catalogue of the contracts; undefined where it has no message. */
export const defaultMessageLookup: MessageLookup = (reason, locale) => {
  const text = errorMessage(reason, locale);
  return text === reason ? undefined : text;
};

/**
 * The message to show for a failure, in the order of docs/product.md#error-catalogue: a `LocalizedMessage` in
 * the details (preferring the requested locale); then the special texts (`unreachable` shows
 * the network message, `captcha_invalid` 'Your operation is too frequent, please try again
 * later'); then the catalogue message of the numeric code, for codes 17 and above; else a
 * default text with the error and its description in brackets. The catalogue is every
 * locale's; a page that has its own locale's messages can use `pickErrorMessageWith`.
 */
export function pickErrorMessage(error: unknown, options: PickErrorMessageOptions): string {
  return pickErrorMessageWith(error, {
    locale: options.locale,
    lookup: options.lookup ?? defaultMessageLookup,
  });
}
