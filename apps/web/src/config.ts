import { siteRedirectSchema, type SiteRedirect } from '@nimbus/contracts';
import { z } from 'zod';

/*
 * The web app's settings, read once from the environment when the server starts. Only server
 * code (the proxy, layouts, the sitemap) imports this module; the browser receives the public
 * part through the root layout (see `toPublicConfig`).
 */

/** An unset variable and an empty one mean the same: use the default. */
function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/*
 * `settingType` (zod's global metadata) tells the configuration reference what text a shared value
 * shape takes, where its zod type alone would read as a bare string.
 */

const originSchema = z
  .url({ protocol: /^https?$/ })
  .transform((value) => new URL(value).origin)
  .register(z.globalRegistry, { settingType: 'URL (its origin is kept)' });

const originListSchema = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .pipe(z.array(originSchema))
  .register(z.globalRegistry, { settingType: 'comma-separated list' });

/** An on/off setting, spelled as the server's are. */
const flagSchema = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((value) => value === 'true' || value === '1' || value === 'on')
  .register(z.globalRegistry, { settingType: 'boolean' });

const siteRedirectsSchema = z
  .string()
  .default('[]')
  .transform((value, ctx): unknown => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of redirects' });
      return z.NEVER;
    }
  })
  .pipe(z.array(siteRedirectSchema));

/**
 * The web app's variables, each described in its schema; docs/configuration.md is generated from
 * them (`npm run docs:config`).
 */
export const envSchema = z.object({
  PORT: z
    .preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000))
    .describe(
      'Port of the server that hosts the site and the API; only used for the PUBLIC_URL and INTERNAL_API_URL defaults.',
    ),
  PUBLIC_URL: z
    .preprocess(blankToUndefined, originSchema.optional())
    .describe(
      "The site's public origin, for absolute URLs (sitemap, alternates, manifest) and the login hand-off's redirect URI. Defaults to `http://localhost:${PORT}`, as the server's does, so both agree on the redirect URI on any port.",
    ),
  INTERNAL_API_URL: z
    .preprocess(blankToUndefined, originSchema.optional())
    .describe(
      "How server-side web code (the proxy's access check, server components) reaches the API. Defaults to the loopback address of the hosting server: `http://127.0.0.1:${PORT}`.",
    ),
  API_ORIGINS_DRIVE: originListSchema.describe(
    'Origins serving the drive group (`/drive/v1`, `/vip/v1`, `/mail/v1`, `/statistics`); empty = same origin.',
  ),
  API_ORIGINS_USER: originListSchema.describe(
    'Origins serving the user group (`/v1/auth`, `/v1/user`, `/v1/shield`, `/.well-known`); empty = same origin.',
  ),
  API_ORIGINS_CONFIG: originListSchema.describe(
    'Origins serving the config group (`/config/v1`); empty = same origin.',
  ),
  API_ORIGINS_AUDIT: originListSchema.describe(
    'Origins serving the audit group (`/audit.admin/v1`); empty = same origin.',
  ),
  API_ORIGINS_ACCESS: originListSchema.describe(
    "Origins serving the access group (`/access_controller/v1`); empty = same origin. The proxy's access check asks each of them, or INTERNAL_API_URL when none is set.",
  ),
  SITE_REDIRECTS: siteRedirectsSchema.describe(
    'Server-configured redirects: `[{"source":"/old","destination":"/new","permanent":false}]`; the console\'s `basic.site_redirects` setting is checked before them.',
  ),
  EMBED_ORIGINS: originListSchema.describe(
    "Origins allowed to frame the site in embedded mode (a page opened with `?origin=<parent>`). Framing by any other origin is refused with `frame-ancestors 'self'`.",
  ),
  DEBUG_CONSOLE: z
    .preprocess(blankToUndefined, flagSchema.default(false))
    .describe(
      "The server's switch of the hidden debug console. When on, a page opened with `?nimbus_debug=1` lets scripts use eval (`'unsafe-eval'`), which the console's command line needs; every other page keeps the strict policy.",
    ),
});

/** The API origins of each path group (docs/api.md#conventions); an empty list means the site's own origin. */
export interface ApiOrigins {
  drive: string[];
  user: string[];
  config: string[];
  audit: string[];
  access: string[];
}

export interface WebConfig {
  publicUrl: string;
  internalApiUrl: string;
  apiOrigins: ApiOrigins;
  /** Where the proxy's access check asks: the access origins, else the internal API URL. */
  accessCheckOrigins: string[];
  siteRedirects: SiteRedirect[];
  embedOrigins: string[];
  /** Whether the hidden debug console may be opened (DEBUG_CONSOLE). */
  debugConsole: boolean;
}

/** The part of the configuration the browser may know, serialised by the root layout. */
export interface PublicConfig {
  publicUrl: string;
  apiOrigins: ApiOrigins;
}

/**
 * Parses the environment into the web configuration. Throws one error listing every invalid
 * variable, so a misconfigured server fails at start with a readable message.
 */
export function parseConfig(env: Record<string, string | undefined>): WebConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid web app configuration:\n${z.prettifyError(result.error)}`);
  }
  const vars = result.data;
  const internalApiUrl = vars.INTERNAL_API_URL ?? `http://127.0.0.1:${vars.PORT}`;
  return {
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    internalApiUrl,
    apiOrigins: {
      drive: vars.API_ORIGINS_DRIVE,
      user: vars.API_ORIGINS_USER,
      config: vars.API_ORIGINS_CONFIG,
      audit: vars.API_ORIGINS_AUDIT,
      access: vars.API_ORIGINS_ACCESS,
    },
    accessCheckOrigins:
      vars.API_ORIGINS_ACCESS.length > 0 ? vars.API_ORIGINS_ACCESS : [internalApiUrl],
    siteRedirects: vars.SITE_REDIRECTS,
    embedOrigins: vars.EMBED_ORIGINS,
    debugConsole: vars.DEBUG_CONSOLE,
  };
}

/** The browser's view of the configuration: public origins only, never internal addresses. */
export function toPublicConfig(config: WebConfig): PublicConfig {
  return { publicUrl: config.publicUrl, apiOrigins: config.apiOrigins };
}

/** The configuration of this process, parsed once. */
export const config: WebConfig = parseConfig(process.env);
