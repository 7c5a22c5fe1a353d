import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

/*
 * The messages under ./messages are compiled from ICU text at build time (next-intl's catalog
 * loader), and every bundle formats them with next-intl's small formatter instead of an ICU
 * parser: the browser never downloads a message parser. The shared error messages of
 * @nimbus/contracts stay text: the web app fills them in by hand (pickErrorMessage).
 */
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: {
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});

/**
 * Headers every response of the site carries. The Content-Security-Policy is set per request by
 * the proxy (src/guards/content-security-policy.ts): scripts need the response's own nonce, and
 * framing (`frame-ancestors`) depends on embedded mode (docs/product.md#screens-and-routes: the `origin` query
 * parameter lets a parent page frame the site); `X-Frame-Options` is therefore not sent, as it
 * cannot express "this parent only".
 */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
];

/** A locale as the proxy writes it into the rewrite headers. */
const localeValue = '(?<locale>[A-Za-z]{2,3}(?:-[A-Za-z]{2,4})?)';

/**
 * The page paths the rewrites apply to: every path whose segments hold no dot and do not start
 * with Next's own `_next` or the generated `apple-icon`. Assets never match, so a forged header
 * cannot make a cache store a page under an asset's URL.
 */
const pageSource = '/:path((?!_next(?![^/])|apple-icon(?![^/]))[^/.]+)*';

function rewriteOn(header: string, destination: string) {
  return {
    source: pageSource,
    has: [{ type: 'header' as const, key: header, value: localeValue }],
    destination,
  };
}

/**
 * The internal rewrites that carry out the proxy's decisions (src/i18n/internal-rewrites.ts):
 * the block page, the server-rendered 404 and pages served from `/{locale}` without a prefix.
 * Spelled out here because this file cannot import app modules when Next is hosted by the API
 * server from another working directory.
 */
export const internalRewrites = [
  rewriteOn('x-nimbus-rewrite-blocked', '/:locale/access-blocked'),
  rewriteOn('x-nimbus-rewrite-unmatched', '/:locale/404'),
  rewriteOn('x-nimbus-rewrite-locale', '/:locale/:path*'),
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ['@nimbus/contracts', '@nimbus/client'],
  // `npm test` type-checks every workspace before it builds (scripts/test.sh): it says so, and
  // the build does not check the web app's types a second time.
  typescript: { ignoreBuildErrors: process.env.NIMBUS_TYPES_CHECKED === '1' },
  experimental: {
    /* app/global-not-found.tsx renders every unmatched URL on the server, in the root shell. */
    globalNotFound: true,
    /*
     * `inlineCss` stays off: Next then writes the stylesheet into the HTML twice (a `<style>` and
     * the page's RSC payload), which took the home page's HTML from 22 to 60 kB gzipped and made
     * its parsing the longest task of a phone's load.
     */
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
  async rewrites() {
    return { beforeFiles: internalRewrites, afterFiles: [], fallback: [] };
  },
};

export default withNextIntl(nextConfig);
