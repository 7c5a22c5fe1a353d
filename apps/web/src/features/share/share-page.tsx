import type { Metadata } from 'next';
import type { Locale } from '@nimbus/contracts';
import { formatBytes } from '@nimbus/contracts';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { errorTextsOf } from '@/lib/auth-messages';
import type { Messages } from '@/i18n/messages';
import { ChevronRight, Clock, Download, Files, UserRound } from 'lucide-react';
import { cookies } from 'next/headers';
import { ItemIconSymbols } from '@/features/items/item-icon-symbols';
import Link from 'next/link';
import { PassCodeForm } from './pass-code-form';
import { ReportButton } from './report-button';
import { isSensitiveStatus, ssrViewTypeCookie, ssrViewTypeOf } from './share-preferences';
import { SaveButton, ShareActionsProvider } from './share-actions';
import { SensitiveCover } from './sensitive-cover';
import { ShareFileList } from './share-file-list';
import { shareFolderPath } from './share-route';
import type { ShareView } from './share-server';
import { loadShareView } from './share-server';
import { needsPassCode } from './share-types';
import { TokenKeeper } from './token-keeper';

/**
 * The share page's metadata: the share's title, item count, size and thumbnail as OpenGraph and
 * Twitter cards, so a pasted link unfurls in chat apps; never indexed.
 */
export async function shareMetadata(
  locale: Locale,
  shareId: string,
  parentIds: readonly string[],
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'share' });
  const view = await loadShareView(shareId, parentIds, locale);
  const { share } = view;
  if (share.share_status !== 'OK') {
    const title = needsPassCode(share.share_status)
      ? t('meta.locked-title')
      : t(`status.${share.share_status}`);
    return {
      title,
      robots: { index: false },
      openGraph: { title, siteName: 'Nimbus', type: 'website' },
      twitter: { card: 'summary', title },
    };
  }
  const title = view.trail.at(-1)?.name ?? (share.title || t('meta.untitled'));
  const count = Number(share.file_num) || share.files.length;
  const single = share.files.length === 1 ? share.files[0] : undefined;
  const size = single && single.kind === 'drive#file' ? formatBytes(single.size, { locale }) : '';
  const description = size
    ? t('meta.description-size', { owner: share.user_info.nickname, count, size })
    : t('meta.description', { owner: share.user_info.nickname, count });
  const image = share.files.find((file) => file.thumbnail_link)?.thumbnail_link;
  return {
    title,
    description,
    robots: { index: false },
    openGraph: {
      title,
      description,
      siteName: 'Nimbus',
      type: 'website',
      ...(image ? { images: [{ url: image }] } : {}),
    },
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title,
      description,
      ...(image ? { images: [image] } : {}),
    },
  };
}

function StatusPage({ view, title }: { view: ShareView; title: string }) {
  return (
    <section
      data-testid="share-status"
      data-status={view.status}
      className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-20 text-center"
    >
      <h1 className="text-2xl font-semibold">{title}</h1>
      {view.statusText ? <p className="text-muted-foreground">{view.statusText}</p> : null}
    </section>
  );
}

async function ShareHeader({
  view,
  shareId,
  locale,
}: {
  view: ShareView;
  shareId: string;
  locale: Locale;
}) {
  const t = await getTranslations({ locale, namespace: 'share' });
  const { share } = view;
  const seconds = Number(share.expiration_left_seconds);
  const restores = Number(share.restore_count_left);
  const expiry =
    seconds < 0 || share.expiration_left_seconds === ''
      ? t('expiry.never')
      : seconds < 86_400
        ? t('expiry.today')
        : t('expiry.days', { days: Number(share.expiration_left) });
  return (
    <header className="flex flex-col gap-3 border-b pb-4">
      <h1 className="text-xl font-semibold break-words" data-testid="share-title">
        {share.title || t('meta.untitled')}
      </h1>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
        <span className="flex items-center gap-2" data-testid="share-owner">
          {share.user_info.avatar ? (
            // eslint-disable-next-line @next/next/no-img-element -- the avatar Nimbus stores, served by the API (its origin may differ from the site's)
            <img src={share.user_info.avatar} alt="" className="size-6 rounded-full object-cover" />
          ) : (
            <UserRound aria-hidden className="size-5" />
          )}
          {t('owner', { name: share.user_info.nickname })}
        </span>
        <span className="flex items-center gap-1" data-testid="share-count">
          <Files aria-hidden className="size-4" />
          {t('items', { count: Number(share.file_num) || share.files.length })}
        </span>
        <span className="flex items-center gap-1" data-testid="share-expiry">
          <Clock aria-hidden className="size-4" />
          {expiry}
        </span>
        <span className="flex items-center gap-1" data-testid="share-restores">
          <Download aria-hidden className="size-4" />
          {restores < 0 || share.restore_count_left === ''
            ? t('restores.unlimited')
            : t('restores.left', { count: restores })}
        </span>
      </div>
      <nav aria-label={t('breadcrumbs.label')} data-testid="share-breadcrumbs">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li>
            {view.trail.length === 0 ? (
              <span aria-current="page" className="font-medium">
                {t('breadcrumbs.root')}
              </span>
            ) : (
              <Link href={shareFolderPath(shareId, [])} className="text-primary hover:underline">
                {t('breadcrumbs.root')}
              </Link>
            )}
          </li>
          {view.trail.map((folder, index) => (
            <li key={`${folder.id}-${index}`} className="flex items-center gap-1">
              <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
              {index === view.trail.length - 1 ? (
                <span aria-current="page" className="font-medium">
                  {folder.name}
                </span>
              ) : (
                <Link
                  href={shareFolderPath(
                    shareId,
                    view.trail.slice(0, index + 1).map((item) => item.id),
                  )}
                  className="text-primary hover:underline"
                >
                  {folder.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
    </header>
  );
}

/**
 * The share page, rendered on the server in the visitor's language: the pass-code form, a page
 * for an unreadable status, or the sharer, expiry, saves left, breadcrumbs and the files.
 */
export async function SharePageBody({
  locale,
  shareId,
  parentIds,
  passCode,
}: {
  locale: Locale;
  shareId: string;
  parentIds: readonly string[];
  passCode: string;
}) {
  const t = await getTranslations({ locale, namespace: 'share' });
  const messages: Messages = await getMessages({ locale });
  const view = await loadShareView(shareId, parentIds, locale);
  const status = view.share.share_status;
  if (needsPassCode(status)) {
    return (
      <NextIntlClientProvider locale={locale} messages={{ share: messages.share }}>
        <PassCodeForm
          shareId={shareId}
          initialPassCode={passCode}
          wrong={status === 'PASS_CODE_ERROR'}
          errorTexts={errorTextsOf(locale)}
        />
      </NextIntlClientProvider>
    );
  }
  if (status !== 'OK') {
    const page = <StatusPage view={view} title={t(`status.${status}`)} />;
    return isSensitiveStatus(status) ? (
      <NextIntlClientProvider locale={locale} messages={{ share: messages.share }}>
        <SensitiveCover shareId={shareId}>{page}</SensitiveCover>
      </NextIntlClientProvider>
    ) : (
      page
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-4 px-4 py-6">
      <TokenKeeper shareId={shareId} token={view.share.pass_code_token} />
      <NextIntlClientProvider
        locale={locale}
        messages={{ share: messages.share, preview: messages.preview, auth: messages.auth }}
      >
        <ShareActionsProvider
          shareId={shareId}
          token={view.token}
          errorTexts={errorTextsOf(locale)}
          baseScene={parentIds.length === 0 ? 'SHARE' : 'SHARE_DETAIL'}
        >
          <ShareHeader view={view} shareId={shareId} locale={locale} />
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <SaveButton />
            <ReportButton
              shareId={shareId}
              shareUserId={view.share.user_info.user_id}
              errorTexts={errorTextsOf(locale)}
            />
          </div>
          {view.status === 'OK' ? (
            <>
              {/* Drawn here, on the server: the icons' drawings are not part of the page's code. */}
              <ItemIconSymbols />
              <ShareFileList
                key={parentIds.join('/')}
                shareId={shareId}
                parentIds={[...parentIds]}
                token={view.token}
                initialFiles={view.files}
                initialNextPageToken={view.nextPageToken}
                initialViewType={ssrViewTypeOf((await cookies()).get(ssrViewTypeCookie)?.value)}
                errorTexts={errorTextsOf(locale)}
              />
            </>
          ) : (
            <StatusPage view={view} title={t(`status.${view.status}`)} />
          )}
        </ShareActionsProvider>
      </NextIntlClientProvider>
    </div>
  );
}
