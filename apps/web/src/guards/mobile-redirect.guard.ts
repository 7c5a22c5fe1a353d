/** User agents of phones and tablets. */
const mobileUserAgentPattern =
  /Android|iPhone|iPad|iPod|Mobile|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile|webOS|Silk|Kindle/i;

/** The path segment mobile visitors are sent away from (docs/product.md#screens-and-routes, global guard 4). */
export const browserExtensionSegment = 'browser-extension';

/** Whether a user agent belongs to a phone or tablet. */
export function isMobileUserAgent(userAgent: string | null): boolean {
  return userAgent !== null && mobileUserAgentPattern.test(userAgent);
}

/**
 * Global guard 4: a mobile visitor asking for a path with a `browser-extension` segment is sent
 * to `homePath` (the home of their locale). Returns the target, or undefined to go on.
 */
export function mobileExtensionRedirect(
  pathname: string,
  userAgent: string | null,
  homePath: string,
): string | undefined {
  if (!isMobileUserAgent(userAgent)) {
    return undefined;
  }
  return pathname.split('/').includes(browserExtensionSegment) ? homePath : undefined;
}
