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
    .refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\//i.test(value), {
      message: 'must be a path starting with / or an http(s) URL',
    }),
  /** 308 when true, 307 otherwise. */
  permanent: z.boolean().default(false),
});

export type SiteRedirect = z.output<typeof siteRedirectSchema>;

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The console's redirects: at most `maxSiteRedirects`, each source path once. */
export const siteRedirectsSettingSchema = z
  .array(siteRedirectSchema)
  .max(maxSiteRedirects)
  .superRefine((redirects, context) => {
    const seen = new Set<string>();
    redirects.forEach((redirect, index) => {
      const source = withoutTrailingSlash(redirect.source);
      if (seen.has(source)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'source'],
          message: 'the source is used twice',
        });
      }
      seen.add(source);
    });
  });

/** The redirects of a config `basic` answer, read leniently: none when they are not valid. */
export function siteRedirectsOf(basic: unknown): SiteRedirect[] {
  const value = (basic as { site_redirects?: unknown } | null | undefined)?.site_redirects;
  const parsed = siteRedirectsSettingSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}
