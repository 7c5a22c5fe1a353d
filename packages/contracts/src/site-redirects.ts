import { z } from 'zod';

/** Most redirects the console's `basic.site_redirects` setting holds. */
export const maxSiteRedirects = 200;

/**
 * One server-configured redirect (docs/product.md#screens-and-routes, global guard 7): the
 * web app's `SITE_REDIRECTS` and the console's `basic.site_redirects` setting hold a list of them.
 */
export const siteRedirectSchema = z.object({
  /** The path it applies to, without locale prefix or query: `/old-path`. */
  source: z
    .string()
    .max(512)
    .regex(/^\/[^?#]*$/, 'must be a path starting with /'),
  /** A path of the site (`/new`) or an absolute http(s) URL (the whole page navigates). */
  destination: z
    .string()
    .min(1)
    .max(2048)
    // `/\host` is `//host` to browsers and URL parsers: another site, not a path of this one.
    .refine((value) => /^\/(?![/\\])/.test(value) || /^https?:\/\//i.test(value), {
      message: 'must be a path starting with / or an http(s) URL',
    }),
  /** 308 when true, 307 otherwise. */
  permanent: z.boolean().default(false),
});

export type SiteRedirect = z.output<typeof siteRedirectSchema>;

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The pages an admin needs to change the redirects back: the console and the sign-in. A redirect
 * of one of them from the console would lock every admin out of the console until an operator
 * edits the database.
 */
function isConsoleReservedPath(path: string): boolean {
  const plain = withoutTrailingSlash(path);
  return plain === '/admin' || plain.startsWith('/admin/') || plain === '/drive/login';
}

/** The site path a destination leads to (no query or fragment), or undefined for another site. */
function sitePathOf(destination: string): string | undefined {
  if (!destination.startsWith('/')) {
    return undefined;
  }
  return withoutTrailingSlash(destination.split(/[?#]/, 1)[0] ?? destination);
}

/**
 * The console's redirects: at most `maxSiteRedirects`, each source path once, none of the
 * console's or the sign-in's pages, and no loop (a path that leads back to itself, at once or
 * through other redirects, which browsers follow until they give up, or cache for good when
 * permanent).
 */
export const siteRedirectsSettingSchema = z
  .array(siteRedirectSchema)
  .max(maxSiteRedirects)
  .superRefine((redirects, context) => {
    const next = new Map<string, string | undefined>();
    redirects.forEach((redirect, index) => {
      const source = withoutTrailingSlash(redirect.source);
      if (next.has(source)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'source'],
          message: 'the source is used twice',
        });
      }
      if (isConsoleReservedPath(source)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'source'],
          message: 'the console and the sign-in page cannot be redirected',
        });
      }
      next.set(source, sitePathOf(redirect.destination));
    });
    redirects.forEach((redirect, index) => {
      const start = withoutTrailingSlash(redirect.source);
      const visited = new Set<string>([start]);
      for (let path = next.get(start); path !== undefined; path = next.get(path)) {
        if (visited.has(path)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'destination'],
            message: 'the redirect leads back to a path it started from (a loop)',
          });
          return;
        }
        visited.add(path);
      }
    });
  });

/** The redirects of a config `basic` answer, read leniently: none when they are not valid. */
export function siteRedirectsOf(basic: unknown): SiteRedirect[] {
  const value = (basic as { site_redirects?: unknown } | null | undefined)?.site_redirects;
  const parsed = siteRedirectsSettingSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}
