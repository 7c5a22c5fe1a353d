import { ApiError, pickErrorMessageWith, toApiError } from '@nimbus/client';
import type { ErrorReason } from '@nimbus/contracts';

/** The shared error messages of one locale, by reason (the `errors` namespace). */
export type ErrorTexts = Readonly<Record<string, string>>;

/**
 * The text to show for a failed call, in the message choice order of docs/product.md#error-catalogue (`pickErrorMessage`
 * of the client, fed with the error catalogue of the page's locale only, so the page does not
 * ship every locale's); undefined when the visitor cancelled (closed the captcha).
 */
export function errorText(error: unknown, locale: string, texts: ErrorTexts): string | undefined {
  const failure = toApiError(error);
  if (failure.error === 'cancelled') {
    return undefined;
  }
  return pickErrorMessageWith(failure, {
    locale,
    lookup: (reason: ErrorReason) => texts[reason],
  });
}

/** Whether a failure has the given reason. */
export function hasReason(error: unknown, reason: string): boolean {
  return error instanceof ApiError && error.error === reason;
}
