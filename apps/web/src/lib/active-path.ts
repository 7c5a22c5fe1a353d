/**
 * Whether a navigation link points at the current page or a page below it (`/drive/all` is
 * active on `/drive/all/x`); the site root only matches itself.
 */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === '/') {
    return pathname === '/';
  }
  return pathname === href || pathname.startsWith(`${href}/`);
}
