import type { Messages } from '../../i18n/messages';

/*
 * The policy documents of docs/product.md#screens-and-routes, their dated earlier versions and the update notices.
 * Texts live in the `policy` messages; this table says which pages exist.
 */

/** The policy documents, in the order the footer lists them. */
export const policyDocs = [
  'privacy-policy',
  'user-agreement',
  'membership-agreement',
  'anti-abuse',
  'child-sexual-abuse',
  'copyright-Infringement',
] as const satisfies readonly (keyof Messages['policy']['docs'])[];

export type PolicyDoc = (typeof policyDocs)[number];

/** Policy tokens (versions and notices) are short URL-safe strings (docs/product.md#screens-and-routes). */
export const policyTokenPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The day the version in force took effect (`YYYYMMDD`); its changes are `versions.{doc}.{date}`. */
export const currentVersions: Readonly<Record<PolicyDoc, string>> = {
  'privacy-policy': '20260601',
  'user-agreement': '20260115',
  'membership-agreement': '20261128',
  'anti-abuse': '20250101',
  'child-sexual-abuse': '20250101',
  'copyright-Infringement': '20261128',
};

/**
 * Earlier versions of each document by the date they took effect (`YYYYMMDD`), newest first.
 * Each has its changes in the `policy-texts` messages (`versions.{doc}.{date}`), and so has the
 * version in force: a dated page shows what its version changed and what replaced it.
 */
export const policyVersions: Readonly<Record<PolicyDoc, readonly string[]>> = {
  'privacy-policy': ['20250101', '20240301'],
  'user-agreement': ['20250101', '20240301'],
  'membership-agreement': ['20250901', '20240901'],
  'anti-abuse': ['20240301'],
  'child-sexual-abuse': ['20240301'],
  'copyright-Infringement': ['20250310', '20240901'],
};

/** Documents with a full-text page under their own name (`/policy/anti-abuse/anti-abuse`). */
export const fullTextDocs: readonly PolicyDoc[] = [
  'user-agreement',
  'anti-abuse',
  'copyright-Infringement',
];

/** The update notices, newest first, with the day they were published. */
export const policyNotices = [
  { token: 'membership-2026-11', date: '2026-11-28', doc: 'membership-agreement' },
  { token: 'copyright-2026-11', date: '2026-11-28', doc: 'copyright-Infringement' },
  { token: 'privacy-2026-06', date: '2026-06-01', doc: 'privacy-policy' },
  { token: 'terms-2026-01', date: '2026-01-15', doc: 'user-agreement' },
  { token: 'membership-2025-09', date: '2025-09-01', doc: 'membership-agreement' },
  { token: 'copyright-2025-03', date: '2025-03-10', doc: 'copyright-Infringement' },
] as const satisfies readonly {
  token: keyof Messages['policy-texts']['notices'];
  date: string;
  doc: PolicyDoc;
}[];

export type PolicyNoticeToken = (typeof policyNotices)[number]['token'];

/** The version that replaced `version` of `doc` (the next newer one), undefined for the current. */
export function versionAfter(doc: PolicyDoc, version: string): string | undefined {
  const all = [currentVersions[doc], ...policyVersions[doc]];
  const index = all.indexOf(version);
  return index > 0 ? all[index - 1] : undefined;
}

/** Whether a path segment names a policy document. */
export function isPolicyDoc(value: string): value is PolicyDoc {
  return (policyDocs as readonly string[]).includes(value);
}

/** The date a `YYYYMMDD` version took effect (UTC midnight). */
export function versionDate(version: string): Date {
  return new Date(
    Date.UTC(
      Number(version.slice(0, 4)),
      Number(version.slice(4, 6)) - 1,
      Number(version.slice(6, 8)),
    ),
  );
}

/** What a `/policy/{doc}/{version}` page shows. */
export type PolicyVersionPage = { doc: PolicyDoc } & (
  { kind: 'dated'; date: Date } | { kind: 'full-text' }
);

/**
 * Validates `/policy/{doc}/{version}`: a known document and either one of its dated versions or
 * its own name for the full text. Undefined means the route does not exist.
 */
export function resolvePolicyVersion(doc: string, version: string): PolicyVersionPage | undefined {
  if (!isPolicyDoc(doc) || !policyTokenPattern.test(version)) {
    return undefined;
  }
  if (version === doc) {
    return fullTextDocs.includes(doc) ? { doc, kind: 'full-text' } : undefined;
  }
  return policyVersions[doc].includes(version)
    ? { doc, kind: 'dated', date: versionDate(version) }
    : undefined;
}

/** The notice a `/policy/update/{token}` page shows, if the token is valid and known. */
export function resolvePolicyNotice(token: string): (typeof policyNotices)[number] | undefined {
  if (!policyTokenPattern.test(token)) {
    return undefined;
  }
  return policyNotices.find((notice) => notice.token === token);
}

/** Every policy page path, for the sitemap. */
export function policyPaths(): string[] {
  return [
    '/policy/update',
    ...policyNotices.map((notice) => `/policy/update/${notice.token}`),
    ...policyDocs.flatMap((doc) => [
      `/policy/${doc}`,
      ...(fullTextDocs.includes(doc) ? [`/policy/${doc}/${doc}`] : []),
      ...policyVersions[doc].map((version) => `/policy/${doc}/${version}`),
    ]),
  ];
}
