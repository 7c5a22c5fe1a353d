/** User agents of crawlers and audit tools, which never get the error page (docs/product.md#validation). */
export const botPattern = /bot|lighthouse|facebookexternalhit|google/i;

/** Whether a user agent belongs to a crawler or audit tool. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && botPattern.test(userAgent);
}
