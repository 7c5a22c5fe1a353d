/*
 * How the proxy serves a page of the `[locale]` tree under another URL. Next's middleware
 * rewrites are treated as external (proxied over the network) when the server is bound to a
 * loopback literal such as 127.0.0.1 (vercel/next.js#94745), so the proxy never rewrites by
 * itself: it names the target in a request header and the `beforeFiles` rewrites of
 * next.config.ts serve it internally. next.config.ts spells the header names out (it cannot
 * import app modules when Next is hosted from another working directory); a test keeps the two
 * in step.
 */

/** Serve `/{locale}{path}`: unprefixed pages of the default locale and the unprefixed routes. */
export const localeRewriteHeader = 'x-nimbus-rewrite-locale';

/** Serve the block page `/{locale}/access-blocked` whatever the path (access check failed). */
export const blockedRewriteHeader = 'x-nimbus-rewrite-blocked';

/**
 * Serve the server-rendered 404 (`/{locale}/404` matches no route): a direct request for an
 * internal page, or route parameters that failed validation.
 */
export const unmatchedRewriteHeader = 'x-nimbus-rewrite-unmatched';

/** Set with the unmatched rewrite when the path's route parameters failed validation. */
export const invalidRouteHeader = 'x-nimbus-invalid-route';

/** The path the visitor asked for, for the 404 page that names it ("Page Not Found /s/x!"). */
export const requestedPathHeader = 'x-nimbus-requested-path';

/** Every header above: the proxy removes them from incoming requests before setting its own. */
export const internalRequestHeaders = [
  localeRewriteHeader,
  blockedRewriteHeader,
  unmatchedRewriteHeader,
  invalidRouteHeader,
  requestedPathHeader,
] as const;
