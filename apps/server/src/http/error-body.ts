import {
  domainOfReason,
  errorCodeOf,
  errorMessage,
  type ErrorBody,
  type ErrorReason,
  type Locale,
} from '@nimbus/contracts';

interface ErrorBodyOptions {
  locale: Locale;
  description?: string | undefined;
  metadata?: Record<string, string>;
}

/** Builds the error object of docs/api.md#errors for a reason, with its message in the caller's language. */
export function toErrorBody(reason: ErrorReason, options: ErrorBodyOptions): ErrorBody {
  return {
    error: reason,
    error_code: errorCodeOf(reason),
    error_description: options.description ?? errorMessage(reason, 'en-US'),
    error_uri: '',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason,
        domain: domainOfReason(reason),
        metadata: options.metadata ?? {},
      },
      {
        '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
        locale: options.locale,
        message: errorMessage(reason, options.locale),
      },
    ],
  };
}
