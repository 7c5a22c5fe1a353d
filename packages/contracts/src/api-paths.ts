/**
 * The API path groups of docs/api.md#conventions. Each group can be served from its own origin; in the
 * default deployment one origin serves them all beside the site.
 */
export const apiPathGroups = {
  drive: ['/drive/v1', '/vip/v1', '/mail/v1', '/statistics'],
  user: ['/v1/auth', '/v1/user', '/v1/shield', '/.well-known'],
  config: ['/config/v1'],
  audit: ['/audit.admin/v1'],
  access: ['/access_controller/v1'],
} as const;

export type ApiPathGroup = keyof typeof apiPathGroups;

function hasPrefix(pathname: string, prefix: string): boolean {
  return (
    pathname === prefix ||
    (pathname.startsWith(prefix) &&
      (pathname[prefix.length] === '/' || pathname[prefix.length] === ':'))
  );
}

/** The group a path belongs to, or undefined for a path of the site. */
export function apiGroupOf(pathname: string): ApiPathGroup | undefined {
  for (const [group, prefixes] of Object.entries(apiPathGroups) as [
    ApiPathGroup,
    readonly string[],
  ][]) {
    if (prefixes.some((prefix) => hasPrefix(pathname, prefix))) {
      return group;
    }
  }
  return undefined;
}
