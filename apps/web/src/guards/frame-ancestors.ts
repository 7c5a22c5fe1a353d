/** The query parameter that puts a page in embedded mode: the parent page's origin (docs/product.md#screens-and-routes). */
export const embedOriginParam = 'origin';

function originOf(value: string | null): string | undefined {
  if (!value) {
    return undefined;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `frame-ancestors` directive of a page: only the site itself may frame it, plus the parent
 * named by `?origin=` when that origin is one of the allowed embedding origins.
 */
export function frameAncestors(
  embedOrigin: string | null,
  allowedOrigins: readonly string[],
): string {
  const origin = originOf(embedOrigin);
  if (origin && allowedOrigins.includes(origin)) {
    return `frame-ancestors 'self' ${origin}`;
  }
  return "frame-ancestors 'self'";
}
