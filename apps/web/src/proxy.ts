import type { Locale } from '@nimbus/contracts';
import { defaultLocale } from '@nimbus/contracts';
import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { config as webConfig } from './config';
import { debugFlagName } from './features/debug/debug-console-rules';
import { isInvalidRouteParams } from './features/site/route-validation';
import { accessBlockedPath, routeRootSegments } from './features/site/site-routes';
import {
  accessCheckTimeoutMs,
  accessCookieName,
  accessCookieValue,
  accessFromCookie,
  checkAccess,
} from './guards/access-check.guard';
import { attributionCookies } from './guards/attribution.guard';
import type { CookieToSet } from './guards/cookie';
import { tenMinutesSeconds } from './guards/cookie';
import {
  contentSecurityPolicy,
  createNonce,
  nonceRequestHeader,
} from './guards/content-security-policy';
import { frameAncestors, embedOriginParam } from './guards/frame-ancestors';
import {
  detectLocale,
  localeOfSegment,
  planLocale,
  splitFirstSegment,
} from './guards/locale.guard';
import { loginHandoffCookies } from './guards/login-handoff.guard';
import { mobileExtensionRedirect } from './guards/mobile-redirect.guard';
import { refererListCookie, refererListCookieName } from './guards/referer-list.guard';
import {
  consoleRedirectsTtlMs,
  createConsoleRedirects,
  loadConsoleRedirects,
} from './guards/console-redirects';
import { matchSiteRedirect } from './guards/site-redirects.guard';
import {
  localeCookieMaxAgeSeconds,
  localeCookieName,
  localePath,
  localeRequestHeader,
} from './i18n/locale-path';
import {
  blockedRewriteHeader,
  internalRequestHeaders,
  invalidRouteHeader,
  localeRewriteHeader,
  requestedPathHeader,
  unmatchedRewriteHeader,
} from './i18n/internal-rewrites';
import { routing } from './i18n/routing';
import { shareTargetPath } from './lib/share-target';

const intlMiddleware = createMiddleware(routing);
const publicHost = new URL(webConfig.publicUrl).host;
/** Global guard 7's rules an admin stores in the console, checked before `SITE_REDIRECTS`. */
const consoleRedirects = createConsoleRedirects({
  load: () => loadConsoleRedirects(webConfig.internalApiUrl, fetch),
  now: Date.now,
  ttlMs: consoleRedirectsTtlMs,
});

/** The script nonce of one page request and the Content-Security-Policy that names it. */
interface PagePolicy {
  nonce: string;
  header: string;
}

/** A fresh policy for the page `request` asks for, with its framing rule. */
function pagePolicy(request: NextRequest): PagePolicy {
  const nonce = createNonce();
  return {
    nonce,
    header: contentSecurityPolicy({
      nonce,
      frameAncestors: frameAncestors(
        request.nextUrl.searchParams.get(embedOriginParam),
        webConfig.embedOrigins,
      ),
      allowEval:
        process.env.NODE_ENV === 'development' ||
        (webConfig.debugConsole && request.nextUrl.searchParams.get(debugFlagName) === '1'),
    }),
  };
}

/**
 * Lets the request through to the page named by `rewriteHeader` (see internal-rewrites.ts), or
 * to its own path without one, telling next-intl the page's locale and the 404 page the path.
 * The policy goes on the request too: Next takes the nonce from it for its own scripts.
 */
function serve(
  request: NextRequest,
  policy: PagePolicy,
  locale: Locale,
  rewriteHeader?: string,
  invalidRoute = false,
): NextResponse {
  const headers = new Headers(request.headers);
  for (const name of internalRequestHeaders) {
    headers.delete(name);
  }
  headers.set('content-security-policy', policy.header);
  headers.set(nonceRequestHeader, policy.nonce);
  headers.set(localeRequestHeader, locale);
  headers.set(requestedPathHeader, request.nextUrl.pathname);
  if (rewriteHeader) {
    headers.set(rewriteHeader, locale);
  }
  if (invalidRoute) {
    headers.set(invalidRouteHeader, '1');
  }
  return NextResponse.next({ request: { headers } });
}

/**
 * Carries out next-intl's decision for a page request: its redirects as they are, its rewrite
 * (an unprefixed page of the default locale) through the internal rewrite; either way its
 * alternate-links header and locale cookie are kept.
 */
function adoptIntlResponse(
  request: NextRequest,
  policy: PagePolicy,
  intl: NextResponse,
  prefixLocale: Locale | undefined,
): NextResponse {
  if (isRedirect(intl)) {
    return intl;
  }
  const rewrite = intl.headers.get('x-middleware-rewrite');
  const rewriteLocale = rewrite
    ? localeOfSegment(splitFirstSegment(new URL(rewrite).pathname).segment)
    : undefined;
  const response = rewriteLocale
    ? serve(request, policy, rewriteLocale, localeRewriteHeader)
    : serve(request, policy, prefixLocale ?? defaultLocale);
  const link = intl.headers.get('link');
  if (link) {
    response.headers.set('link', link);
  }
  for (const cookie of intl.cookies.getAll()) {
    response.cookies.set(cookie);
  }
  return response;
}

function isRedirect(response: Response): boolean {
  return response.status >= 300 && response.status < 400 && response.headers.has('location');
}

/** Writes the guards' cookies and the page's Content-Security-Policy onto the response. */
function finish(
  request: NextRequest,
  policy: PagePolicy,
  response: NextResponse,
  cookies: readonly CookieToSet[],
): NextResponse {
  const secure =
    request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  for (const cookie of cookies) {
    response.cookies.set(cookie.name, cookie.value, {
      path: '/',
      maxAge: cookie.maxAge,
      httpOnly: cookie.httpOnly ?? false,
      sameSite: 'lax',
      secure,
    });
  }
  response.headers.set('Content-Security-Policy', policy.header);
  return response;
}

/** The cached access answer, or a fresh check whose answer is added to `cookies`. */
async function isAccessible(request: NextRequest, cookies: CookieToSet[]): Promise<boolean> {
  const cached = accessFromCookie(request.cookies.get(accessCookieName)?.value);
  if (cached !== undefined) {
    return cached;
  }
  const accessible = await checkAccess({
    origins: webConfig.accessCheckOrigins,
    forwardedFor:
      request.headers.get('x-forwarded-for') ?? request.headers.get('x-real-ip') ?? undefined,
    fetchImpl: fetch,
    timeoutMs: accessCheckTimeoutMs,
  });
  cookies.push({
    name: accessCookieName,
    value: accessCookieValue(accessible),
    maxAge: tenMinutesSeconds,
  });
  return accessible;
}

/**
 * The global route guards of docs/product.md#screens-and-routes, in their order: (1) attribution, (2) referer
 * list, (3) login hand-off, (4) mobile visitors away from the browser extension page, (5) the
 * access check, (6) the locale redirect, (7) server-configured redirects (the console's, then
 * `SITE_REDIRECTS`); then the route
 * middleware "validate" (parameters of share, help-center and policy routes), whose failures
 * are served the server-rendered 404. Each rule is a pure function in `src/guards/` or
 * `src/features/`; this function only reads the request and writes the response.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const url = request.nextUrl;
  const cookies: CookieToSet[] = [];
  const policy = pagePolicy(request);

  cookies.push(...attributionCookies(url.searchParams));

  const referer = refererListCookie({
    referer: request.headers.get('referer'),
    ownHosts: [url.host, publicHost],
    stored: request.cookies.get(refererListCookieName)?.value,
    now: Date.now(),
  });
  if (referer) {
    cookies.push(referer);
  }

  // A server action's request (the page taking its hand-off) must not store the hand-off again.
  if (!request.headers.has('next-action')) {
    cookies.push(...loginHandoffCookies(url));
  }

  // A share sheet's post when the service worker that takes it is not installed yet: Next would
  // read it as a server action and fail. It goes on to the share target's page as a GET, which
  // opens the Add dialog; its body (files) is not read here (docs/web-app.md#installable-app).
  if (request.method === 'POST' && url.pathname === shareTargetPath) {
    return finish(
      request,
      policy,
      NextResponse.redirect(new URL(shareTargetPath, request.url), 303),
      cookies,
    );
  }

  const { segment, rest } = splitFirstSegment(url.pathname);
  const prefixLocale = localeOfSegment(segment);
  const visitorLocale =
    prefixLocale ??
    detectLocale(
      request.cookies.get(localeCookieName)?.value,
      request.headers.get('accept-language'),
    );

  const mobileTarget = mobileExtensionRedirect(
    url.pathname,
    request.headers.get('user-agent'),
    localePath(visitorLocale, '/'),
  );
  if (mobileTarget) {
    return finish(
      request,
      policy,
      NextResponse.redirect(new URL(mobileTarget, request.url)),
      cookies,
    );
  }

  if (!(await isAccessible(request, cookies))) {
    return finish(
      request,
      policy,
      serve(request, policy, visitorLocale, blockedRewriteHeader),
      cookies,
    );
  }

  const unprefixedPath = prefixLocale ? rest : url.pathname;
  if (unprefixedPath === accessBlockedPath) {
    return finish(
      request,
      policy,
      serve(request, policy, visitorLocale, unmatchedRewriteHeader),
      cookies,
    );
  }

  const plan = planLocale({
    pathname: url.pathname,
    searchParams: url.searchParams,
    cookieLocale: request.cookies.get(localeCookieName)?.value,
    acceptLanguage: request.headers.get('accept-language'),
    routeRoots: routeRootSegments,
  });
  let response: NextResponse;
  let pageLocale: Locale;
  switch (plan.kind) {
    case 'redirect':
      if (plan.rememberLocale) {
        cookies.push({
          name: localeCookieName,
          value: plan.rememberLocale,
          maxAge: localeCookieMaxAgeSeconds,
        });
      }
      return finish(
        request,
        policy,
        NextResponse.redirect(new URL(plan.location, request.url)),
        cookies,
      );
    case 'serve-in-locale':
      response = serve(request, policy, plan.locale, localeRewriteHeader);
      pageLocale = plan.locale;
      break;
    case 'next-intl':
      response = adoptIntlResponse(request, policy, intlMiddleware(request), prefixLocale);
      if (isRedirect(response)) {
        return finish(request, policy, response, cookies);
      }
      pageLocale = prefixLocale ?? defaultLocale;
      break;
  }

  const redirect = matchSiteRedirect(
    [...(await consoleRedirects()), ...webConfig.siteRedirects],
    unprefixedPath,
    pageLocale,
    url.search,
  );
  if (redirect) {
    const target = redirect.external ? redirect.location : new URL(redirect.location, request.url);
    return finish(
      request,
      policy,
      NextResponse.redirect(target, redirect.permanent ? 308 : 307),
      cookies,
    );
  }

  if (isInvalidRouteParams(unprefixedPath)) {
    return finish(
      request,
      policy,
      serve(request, policy, pageLocale, unmatchedRewriteHeader, true),
      cookies,
    );
  }
  return finish(request, policy, response, cookies);
}

export const config = {
  matcher: [
    '/((?!_next/|_vercel/|api/|healthz|readyz|statistics|drive/v1|vip/v1|mail/v1|v1/|config/v1|audit\\.admin/v1|access_controller/v1|\\.well-known/|apple-icon|.*\\.[A-Za-z0-9]+$).*)',
  ],
};
