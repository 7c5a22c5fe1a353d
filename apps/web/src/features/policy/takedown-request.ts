/*
 * A copyright takedown request (docs/site.md#policy-pages) is a share report
 * (`POST /audit.admin/v1/share`) with the reason `copyright`: the moderators' queue shows it
 * with the others, its reason text carrying who asks and for which work.
 */

/** The longest reason the report call takes. */
export const maxReasonLength = 1000;

/** Field limits, so the reason always fits. */
export const takedownLimits = { link: 2048, name: 120, email: 254, work: 500 } as const;

export interface TakedownInput {
  link: string;
  name: string;
  email: string;
  work: string;
}

const shareIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The share a link names: `https://site/s/{id}` (with or without a locale, query or fragment), a
 * path `/s/{id}`, or the bare id. Undefined when it names none or another site's page.
 */
export function shareIdOfLink(link: string, siteOrigin: string): string | undefined {
  const text = link.trim();
  if (shareIdPattern.test(text)) {
    return text;
  }
  let url: URL;
  try {
    url = new URL(text, siteOrigin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(siteOrigin).origin) {
    return undefined;
  }
  const match = /^(?:\/[A-Za-z-]{2,5})?\/s\/([^/]+)\/?$/.exec(url.pathname);
  const id = match?.[1];
  return id !== undefined && shareIdPattern.test(id) ? id : undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The report's reason: `copyright`, then the claimant, the work and the statement they made. */
export function takedownReason(input: Omit<TakedownInput, 'link'>): string {
  const name = oneLine(input.name).slice(0, takedownLimits.name);
  const email = oneLine(input.email).slice(0, takedownLimits.email);
  const work = oneLine(input.work).slice(0, takedownLimits.work);
  return `copyright: takedown request by ${name} (${email}); work: ${work}; good-faith statement made`.slice(
    0,
    maxReasonLength,
  );
}
