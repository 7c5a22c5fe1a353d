import type { ErrorReason } from '@nimbus/contracts';

interface AppErrorOptions {
  /** What went wrong, for the `error_description` field; the reason's message when absent. */
  description?: string;
  /** Extra machine-readable facts for `ErrorInfo.metadata` (never secrets or internals). */
  metadata?: Record<string, string>;
  /** Seconds after which a retry may succeed; sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** An HTTP status a protocol fixes for this failure (tus: 409, 412, 415, 460), else the reason's. */
  status?: number;
  cause?: unknown;
}

/**
 * The one error services throw. It names a reason of the shared catalogue; the error handler
 * turns it into the error object of docs/api.md#errors with the reason's status and messages.
 */
export class AppError extends Error {
  readonly reason: ErrorReason;
  readonly description: string | undefined;
  readonly metadata: Record<string, string>;
  readonly retryAfterSeconds: number | undefined;
  readonly status: number | undefined;

  constructor(reason: ErrorReason, options: AppErrorOptions = {}) {
    super(options.description ?? reason, { cause: options.cause });
    this.name = 'AppError';
    this.reason = reason;
    this.description = options.description;
    this.metadata = options.metadata ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.status = options.status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
