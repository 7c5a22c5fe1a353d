import type { Locale } from '@nimbus/contracts';

/** A public page that exists in some locales only (a blog post), with its last change. */
export interface LocalizedPage {
  /** The path without locale prefix. */
  path: string;
  locales: readonly Locale[];
  /** `YYYY-MM-DD` or an ISO time. */
  lastModified?: string;
}
