'use client';

import { formatBytes } from '@nimbus/contracts';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useAbout } from '../use-about';

/** Which quota the dialog shows: the storage, or this month's download traffic. */
export type QuotaKind = 'storage' | 'traffic';

/** The share of a meter that is used, 0 to 1 (0 when there is no limit). */
function ratioOf(usage: number, limit: number): number {
  return limit > 0 ? Math.min(1, usage / limit) : 0;
}

/**
 * The usage dialogs of `?action=show_storage_dialog` and `?action=show_traffic_dialog`: the
 * member's use of the quota from `GET /drive/v1/about` (base-1024 units), with the way to get
 * more (`upgradeHref`: /drive/payment/storage or /drive/payment/traffic).
 */
export function QuotaDialog({
  kind,
  upgradeHref,
  onClose,
}: {
  kind: QuotaKind;
  upgradeHref: string;
  onClose: () => void;
}) {
  const t = useTranslations('drive');
  const locale = useLocale();
  const about = useAbout();
  const data = about.data;
  let usage = 0;
  let limit = 0;
  let unlimited = false;
  if (data && kind === 'storage') {
    usage = Number(data.quota.usage);
    limit = Number(data.quota.limit);
    unlimited = data.quota.is_unlimited;
  } else if (data) {
    usage = Number(data.quotas?.download_traffic?.usage ?? 0);
    limit = Number(data.quotas?.download_traffic?.limit ?? 0);
    unlimited = limit <= 0;
  }
  const ratio = unlimited ? 0 : ratioOf(usage, limit);
  const used = formatBytes(usage, { locale });
  const text = unlimited
    ? t(`quota.${kind}-unlimited`, { used })
    : t(`quota.${kind}-used`, { used, limit: formatBytes(limit, { locale }) });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        closeLabel={t('quota.close')}
        className="max-w-md"
        data-testid={`${kind}-dialog`}
      >
        <DialogTitle>{t(`quota.${kind}-title`)}</DialogTitle>
        <DialogDescription>{t(`quota.${kind}-description`)}</DialogDescription>
        {data ? (
          <div className="flex flex-col gap-2 text-sm">
            <div
              role="meter"
              aria-label={t(`quota.${kind}-title`)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(ratio * 100)}
              aria-valuetext={text}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={cn('h-full rounded-full', ratio >= 0.9 ? 'bg-danger' : 'bg-primary')}
                style={{ width: `${Math.max(ratio * 100, usage > 0 ? 2 : 0)}%` }}
              />
            </div>
            <p data-testid="quota-usage">{text}</p>
          </div>
        ) : (
          <div className="h-10 animate-pulse rounded-lg bg-muted" aria-hidden />
        )}
        <Link
          href={upgradeHref}
          className={buttonVariants({ variant: 'primary' })}
          onClick={onClose}
        >
          {t(`quota.${kind}-upgrade`)}
        </Link>
      </DialogContent>
    </Dialog>
  );
}
