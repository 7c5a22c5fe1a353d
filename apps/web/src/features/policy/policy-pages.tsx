import type { ReactNode } from 'react';
import type { Locale } from '@nimbus/contracts';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { localePath } from '@/i18n/locale-path';
import { PolicyBlocks, PolicyDocument, policyTextsOf } from './policy-document';
import type { PolicyDoc, PolicyVersionPage } from './policy-docs';
import {
  fullTextDocs,
  isPolicyDoc,
  policyVersions,
  resolvePolicyVersion,
  versionAfter,
  versionDate,
} from './policy-docs';

/*
 * The pages of a policy document, shared by `/policy/[doc]` and the copyright policy's own route
 * (`/policy/copyright-Infringement`), which adds the takedown form: a page that renders no form
 * imports none, so its script loads on that page only.
 */

/**
 * /policy/{doc}: a policy document's current text (the operator's details and this server's
 * periods filled in), then `extra`, then its earlier versions; an unknown document is a 404.
 */
export async function PolicyDocView({
  locale,
  doc,
  extra,
}: {
  locale: Locale;
  doc: string;
  extra?: ReactNode;
}) {
  if (!isPolicyDoc(doc)) {
    notFound();
  }
  const t = await getTranslations({ locale, namespace: 'policy' });
  const title = t(`docs.${doc}.title`);
  const linkClass = 'flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-muted md:min-h-9';
  return (
    <PageIntro
      className="mx-0 max-w-none px-0 py-0 sm:py-0"
      title={title}
      description={t(`docs.${doc}.description`)}
    >
      <PolicyDocument locale={locale} doc={doc}>
        {extra}
      </PolicyDocument>
      <h2 className="mt-10 text-sm font-medium text-muted-foreground">{t('versions')}</h2>
      <ul className="mt-2 grid gap-1">
        {fullTextDocs.includes(doc) ? (
          <li>
            <Link href={localePath(locale, `/policy/${doc}/${doc}`)} className={linkClass}>
              {t('full-text-title', { title })}
            </Link>
          </li>
        ) : null}
        {policyVersions[doc].map((version) => (
          <li key={version}>
            <Link href={localePath(locale, `/policy/${doc}/${version}`)} className={linkClass}>
              {t('version-title', { title, date: versionDate(version) })}
            </Link>
          </li>
        ))}
      </ul>
    </PageIntro>
  );
}

/** The title of a version's page: the full text's, or the dated version's. */
export async function policyVersionTitle(page: PolicyVersionPage, locale: Locale): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'policy' });
  const title = t(`docs.${page.doc}.title`);
  return page.kind === 'full-text'
    ? t('full-text-title', { title })
    : t('version-title', { title, date: page.date });
}

/** What a dated version changed, and what the version that replaced it changed. */
async function VersionChanges({
  locale,
  doc,
  version,
}: {
  locale: Locale;
  doc: PolicyDoc;
  version: string;
}) {
  const { t, args } = await policyTextsOf(locale);
  const next = versionAfter(doc, version);
  return (
    <div data-testid="policy-version" className="grid gap-4 leading-relaxed">
      <h2 className="text-xl font-semibold">{t('changes.title')}</h2>
      <PolicyBlocks text={t(`versions.${doc}.${version}`, args)} />
      {next === undefined ? null : (
        <>
          <p className="font-medium">{t('changes.replaced', { date: versionDate(next) })}</p>
          <PolicyBlocks text={t(`versions.${doc}.${next}`, args)} />
        </>
      )}
      <Link
        href={localePath(locale, `/policy/${doc}`)}
        className="text-sm font-medium text-primary hover:underline"
      >
        {t('changes.current')}
      </Link>
    </div>
  );
}

/**
 * /policy/{doc}/{version}: a dated earlier version of a document (what it changed and what the
 * next version changed), or the full text (then `extra`) when the version is the document's own
 * name. Unknown documents and versions are a 404 naming the path.
 */
export async function PolicyVersionView({
  locale,
  doc,
  version,
  extra,
}: {
  locale: Locale;
  doc: string;
  version: string;
  extra?: ReactNode;
}) {
  const resolved = resolvePolicyVersion(doc, version);
  if (!resolved) {
    notFound();
  }
  const t = await getTranslations({ locale, namespace: 'policy' });
  return (
    <PageIntro
      className="mx-0 max-w-none px-0 py-0 sm:py-0"
      title={await policyVersionTitle(resolved, locale)}
      description={t(`docs.${resolved.doc}.description`)}
    >
      {resolved.kind === 'full-text' ? (
        <PolicyDocument locale={locale} doc={resolved.doc}>
          {extra}
        </PolicyDocument>
      ) : (
        <VersionChanges locale={locale} doc={resolved.doc} version={version} />
      )}
    </PageIntro>
  );
}
