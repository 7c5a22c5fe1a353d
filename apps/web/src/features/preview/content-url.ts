/*
 * Where a file's bytes are, apart from preview-file.ts: the share page's downloads need only
 * this, not the viewer's tables of file kinds.
 */

/** A link as the API gives it: a URL string, or an object with `url`. */
export function linkUrlOf(link: { url?: string } | string | null | undefined): string | undefined {
  if (!link) {
    return undefined;
  }
  return typeof link === 'string' ? link || undefined : link.url || undefined;
}

/** The URL of the file's bytes: `web_content_link`, else the octet-stream link. */
export function contentUrlOf(file: {
  web_content_link?: string;
  links?: Record<string, { url?: string } | undefined>;
}): string | undefined {
  return file.web_content_link || linkUrlOf(file.links?.['application/octet-stream']);
}
