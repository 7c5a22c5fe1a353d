'use client';

import type { ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { formatBytes } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { formatDuration } from '@/lib/format-duration';
import { expiryLeftOf } from '@/features/share/owner/share-options';
import type { ShareSummary } from '@/features/share/owner/share-api';
import { useExpiryText } from '@/features/share/owner/use-expiry-text';
import type { Crumb } from '../breadcrumbs';
import { isFolder, type DriveFile } from '../drive-api';
import { mediaFactsOf, type DetailedFile } from './details-api';

/** One fact: its name and value, in a description list. */
function Fact({ name, testId, children }: { name: string; testId: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-1.5" data-testid={testId}>
      <dt className="text-muted-foreground">{name}</dt>
      <dd className="min-w-0 break-words [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The listing of a folder in `/drive/all`, from any drive page. */
function useFolderHref(): (id: string) => string {
  const all = usePathname().replace(/\/drive(\/[^/]*)?$/, '/drive/all');
  return (id) => (id === '' ? all : `${all}?${new URLSearchParams({ folder: id }).toString()}`);
}

/**
 * The facts of an item: type, size, location (each folder a link), dates, content hash and what
 * the server found in its bytes (dimensions, duration, codecs). The listing's fields show until
 * the whole File is read.
 */
export function DetailsFacts({
  file,
  loaded,
  failed,
  crumbs,
  onNavigate,
}: {
  file: DriveFile | DetailedFile;
  loaded: boolean;
  failed: boolean;
  crumbs: Crumb[] | undefined;
  onNavigate: () => void;
}) {
  const t = useTranslations('drive.details');
  const shared = useTranslations('preview.details');
  const locale = useLocale();
  const format = useFormatter();
  const folderHref = useFolderHref();
  const folder = isFolder(file);
  const facts = 'medias' in file ? mediaFactsOf(file) : undefined;
  const hash = 'hash' in file ? file.hash : '';
  const when = (iso: string) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : '';
  const number = (value: number) => format.number(value);
  return (
    <div className="text-sm" aria-busy={!loaded && !failed}>
      <dl className="divide-y divide-border">
        <Fact name={shared('type')} testId="details-type">
          {folder ? t('folder') : file.mime_type || file.file_extension.toUpperCase() || '—'}
        </Fact>
        {folder ? null : (
          <Fact name={shared('size')} testId="details-size">
            {formatBytes(file.size, { locale })} (
            {format.number(Number(file.size), {
              style: 'unit',
              unit: 'byte',
              unitDisplay: 'long',
            })}
            )
          </Fact>
        )}
        <Fact name={t('location')} testId="details-location">
          {crumbs ? (
            <span className="flex flex-wrap items-center gap-x-1">
              {crumbs.map((crumb, index) => (
                <span key={crumb.id} className="inline-flex items-center gap-x-1">
                  {index > 0 ? <span aria-hidden>›</span> : null}
                  <Link
                    href={folderHref(crumb.id)}
                    onClick={onNavigate}
                    className="rounded text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {crumb.name}
                  </Link>
                </span>
              ))}
            </span>
          ) : (
            '…'
          )}
        </Fact>
        <Fact name={shared('created')} testId="details-created">
          {when(file.created_time)}
        </Fact>
        <Fact name={shared('modified')} testId="details-modified">
          {when(file.modified_time)}
        </Fact>
        {facts && facts.width > 0 && facts.height > 0 ? (
          <Fact name={t('dimensions')} testId="details-dimensions">
            {t('pixels', { width: number(facts.width), height: number(facts.height) })}
          </Fact>
        ) : null}
        {facts && facts.duration > 0 ? (
          <Fact name={t('duration')} testId="details-duration">
            {formatDuration(facts.duration)}
          </Fact>
        ) : null}
        {facts?.videoCodec ? (
          <Fact name={t('video-codec')} testId="details-video-codec">
            {facts.videoCodec}
          </Fact>
        ) : null}
        {facts?.audioCodec ? (
          <Fact name={t('audio-codec')} testId="details-audio-codec">
            {facts.audioCodec}
          </Fact>
        ) : null}
        {!folder && hash ? (
          <Fact name={t('hash')} testId="details-hash">
            <code className="font-mono text-xs">{hash}</code>
          </Fact>
        ) : null}
      </dl>
      {failed ? (
        <p role="alert" className="mt-2 text-danger">
          {t('failed')}
        </p>
      ) : null}
    </div>
  );
}

/** The member's active links to the item: each link with its views, saves and time left. */
export function ItemShares({
  shares,
  failed,
}: {
  shares: ShareSummary[] | undefined;
  failed: boolean;
}) {
  const t = useTranslations('drive');
  const expiryText = useExpiryText();
  const now = new Date();
  return (
    <section aria-labelledby="details-shares-heading" data-testid="details-shares">
      <h3 id="details-shares-heading" className="mb-1 text-sm font-semibold">
        {t('nav.shares')}
      </h3>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('details.failed')}
        </p>
      ) : shares === undefined ? (
        <p className="text-sm text-muted-foreground">…</p>
      ) : shares.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('details.no-shares')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {shares.map((share) => {
            const count = Number(share.restore_count);
            const limit = Number(share.restore_limit);
            return (
              <li
                key={share.share_id}
                data-testid="details-share"
                className="rounded-lg border border-border p-2 text-sm"
              >
                <a
                  href={share.share_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block truncate text-primary underline-offset-2 hover:underline"
                >
                  {share.share_url}
                </a>
                <p className="text-xs text-muted-foreground">
                  {t('shares.views', { count: Number(share.view_count) })}
                  {' · '}
                  {limit >= 0
                    ? t('shares.saves-limited', { count, limit })
                    : t('shares.saves-unlimited', { count })}
                  {' · '}
                  {expiryText(expiryLeftOf(share.expiration_at, now))}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
