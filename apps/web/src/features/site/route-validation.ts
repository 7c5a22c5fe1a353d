import { blogSlugPattern } from '../blog/blog-post';
import { resolveHelpCenterSlug } from '../help-center/help-center-content';
import { isPolicyDoc, resolvePolicyNotice, resolvePolicyVersion } from '../policy/policy-docs';
import { isValidParentIds, isValidShareId } from '../share/share-route';

function segmentsOf(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/**
 * The route middleware "validate" of docs/product.md#screens-and-routes, for a path without locale prefix: true when
 * the path belongs to a route with parameters (share pages, help-center slugs, policy versions
 * and notices, blog posts) and its parameters fail that route's rule. Such a path is a 404
 * naming the path. The pages check the same rules again (a blog page also refuses a
 * well-formed slug its language has no post for); the proxy asks first so the 404 is rendered
 * on the server.
 */
export function isInvalidRouteParams(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  if (!segments) {
    return true;
  }
  const [root, ...rest] = segments;
  if (root === 's') {
    const [shareId, ...parentIds] = rest;
    return (
      shareId !== undefined &&
      (!isValidShareId(shareId) || (parentIds.length > 0 && !isValidParentIds(parentIds)))
    );
  }
  if (root === 'blog') {
    const [slug, ...extra] = rest;
    return slug !== undefined && (extra.length > 0 || !blogSlugPattern.test(slug));
  }
  if (root === 'help-center') {
    return rest.length > 0 && resolveHelpCenterSlug(rest) === undefined;
  }
  if (root === 'policy') {
    const [doc, token, ...extra] = rest;
    if (doc === undefined || extra.length > 0) {
      return false;
    }
    if (doc === 'update') {
      return token !== undefined && resolvePolicyNotice(token) === undefined;
    }
    return token === undefined ? !isPolicyDoc(doc) : resolvePolicyVersion(doc, token) === undefined;
  }
  return false;
}
