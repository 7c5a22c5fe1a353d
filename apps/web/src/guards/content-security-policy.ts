/*
 * The Content-Security-Policy of the site's pages. Scripts run only with the page's nonce, made
 * fresh for every request by the proxy, or when such a script loaded them ('strict-dynamic':
 * Next's chunks, on-demand features like the debug console); no plugins; no `<base>` that could
 * redirect relative script URLs. Next reads the nonce from the policy on the request and puts it
 * on its own scripts; the root layout passes it to the one other inline script (the theme's).
 * Styles, images, frames and connections are not restricted here: the API and content origins
 * are configurable and the captcha lives in a frame.
 */

/** The request header that carries the page's nonce to server components (the root layout). */
export const nonceRequestHeader = 'x-nimbus-nonce';

/** A fresh nonce: 128 random bits in base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy of a page: `script-src` with the nonce and 'strict-dynamic' (plus 'unsafe-eval'
 * when `allowEval`: in development, where React rebuilds server error stacks with eval, and on a
 * debug console page, whose command line runs what is typed with eval), `object-src 'none'`,
 * `base-uri 'none'` and the page's `frame-ancestors` directive (see frame-ancestors.ts).
 */
export function contentSecurityPolicy(input: {
  nonce: string;
  frameAncestors: string;
  allowEval: boolean;
}): string {
  const scriptSources = [`'nonce-${input.nonce}'`, "'strict-dynamic'"];
  if (input.allowEval) {
    scriptSources.push("'unsafe-eval'");
  }
  return [
    `script-src ${scriptSources.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    input.frameAncestors,
  ].join('; ');
}
