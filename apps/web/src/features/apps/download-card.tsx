import type { AppChannel, AppDownload, Locale } from '@nimbus/contracts';
import { formatBytes } from '@nimbus/contracts';
import { BadgeCheck, Download } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';

export interface DownloadCardProps {
  locale: Locale;
  channel: AppChannel;
  /** What the operator published for the channel; undefined when nothing. */
  download: AppDownload | undefined;
  /** The download that fits the visitor's device. */
  isRecommended: boolean;
  /** Shown under the title: what the build is for. */
  detail?: ReactNode;
  /** Shown under the download (a link to the install guide). */
  footer?: ReactNode;
}

/**
 * One download of an app page: the operator's link with its version, size, notes and
 * checksum, or the "not offered on this server" state. The operator's texts are plain text.
 * A click on the download is the `app-download` analytics event (`data-app-download`).
 */
export async function DownloadCard({
  locale,
  channel,
  download,
  isRecommended,
  detail,
  footer,
}: DownloadCardProps) {
  const t = await getTranslations({ locale, namespace: 'apps' });
  const titleId = `download-${channel}`;
  return (
    <section
      aria-labelledby={titleId}
      data-channel={channel}
      data-recommended={isRecommended ? 'true' : undefined}
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-5',
        isRecommended ? 'border-primary ring-2 ring-primary/30' : 'border-border',
      )}
    >
      <div>
        <h3 id={titleId} className="text-base font-semibold">
          {t(`channels.${channel}.title`)}
        </h3>
        {isRecommended ? (
          <p className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-primary">
            <BadgeCheck aria-hidden className="size-4" />
            {t('download.recommended')}
          </p>
        ) : null}
        {detail ? <p className="mt-1 text-sm text-muted-foreground">{detail}</p> : null}
      </div>
      {download ? (
        <>
          <a
            href={download.url}
            rel="noopener noreferrer"
            data-app-download={channel}
            className={cn(
              buttonVariants({ variant: isRecommended ? 'primary' : 'outline' }),
              'w-full sm:w-auto',
            )}
          >
            <Download aria-hidden />
            {t(`channels.${channel}.action`)}
          </a>
          {download.version !== undefined || download.size !== undefined ? (
            <p className="text-sm text-muted-foreground">
              {download.version !== undefined
                ? t('download.version', { version: download.version })
                : null}
              {download.version !== undefined && download.size !== undefined ? ' · ' : null}
              {download.size !== undefined
                ? t('download.size', {
                    size: formatBytes(download.size, { locale, fractionDigits: 1 }),
                  })
                : null}
            </p>
          ) : null}
          {download.notes ? <p className="text-sm whitespace-pre-line">{download.notes}</p> : null}
          {download.sha256 ? (
            <details className="text-sm">
              <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-ring">
                {t('download.checksum')}
              </summary>
              <p className="mt-2 text-muted-foreground">{t('download.checksum-hint')}</p>
              <code className="mt-1 block font-mono text-xs break-all select-all">
                {download.sha256}
              </code>
            </details>
          ) : null}
        </>
      ) : (
        <div className="text-sm text-muted-foreground" data-unavailable="true">
          <p className="font-medium text-foreground">{t('download.unavailable')}</p>
          <p className="mt-1">{t('download.unavailable-hint')}</p>
        </div>
      )}
      {footer}
    </section>
  );
}
