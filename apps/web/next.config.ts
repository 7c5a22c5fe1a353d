import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { internalRewrites } from './src/i18n/internal-rewrites';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * Headers every response of the site carries. Framing is governed per request by the proxy
 * (`Content-Security-Policy: frame-ancestors`), because embedded mode (spec section 2: the
 * `origin` query parameter) lets a parent page frame the site; `X-Frame-Options` is therefore
 * not sent, as it cannot express "this parent only".
 */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ['@nimbus/contracts', '@nimbus/client'],
  experimental: {
    /* app/global-not-found.tsx renders every unmatched URL on the server, in the root shell. */
    globalNotFound: true,
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
  async rewrites() {
    return { beforeFiles: internalRewrites(), afterFiles: [], fallback: [] };
  },
};

export default withNextIntl(nextConfig);
