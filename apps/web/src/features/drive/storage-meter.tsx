'use client';

import { formatBytes } from '@nimbus/contracts';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import { useAbout } from './use-about';

/** The share of the quota above which the meter warns and offers an upgrade. */
const nearLimitRatio = 0.9;

/**
 * The member's storage use from `GET /drive/v1/about`, in base-1024 units (docs/product.md#limits), with
 * a link to the storage dialog (`?action=show_storage_dialog`, a drive link an embedding page
 * receives in embedded mode).
 */
export function StorageMeter({ upgradeHref }: { upgradeHref: string }) {
  const t = useTranslations('drive');
  const locale = useLocale();
  const pathname = usePathname();
  const about = useAbout();
  if (!about.data) {
    return <div className="h-14 animate-pulse rounded-lg bg-muted" aria-hidden />;
  }
  const { quota } = about.data;
  const usage = Number(quota.usage);
  const limit = Number(quota.limit);
  const ratio = quota.is_unlimited || limit <= 0 ? 0 : Math.min(1, usage / limit);
  const near = !quota.is_unlimited && ratio >= nearLimitRatio;
  const used = formatBytes(usage, { locale });
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="storage-meter">
      <div
        role="meter"
        aria-label={t('storage.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        aria-valuetext={
          quota.is_unlimited
            ? t('storage.unlimited', { used })
            : t('storage.used-of', { used, limit: formatBytes(limit, { locale }) })
        }
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', near ? 'bg-danger' : 'bg-primary')}
          style={{ width: `${Math.max(ratio * 100, usage > 0 ? 2 : 0)}%` }}
        />
      </div>
      <p className="text-muted-foreground">
        {quota.is_unlimited
          ? t('storage.unlimited', { used })
          : t('storage.used-of', { used, limit: formatBytes(limit, { locale }) })}
      </p>
      {Number(quota.usage_in_trash) > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t('storage.in-trash', { size: formatBytes(quota.usage_in_trash, { locale }) })}
        </p>
      ) : null}
      <Link
        href={`${pathname}?action=show_storage_dialog`}
        data-testid="storage-details"
        className="text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        {t('storage.details')}
      </Link>
      {near ? (
        <Link
          href={upgradeHref}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('storage.upgrade')}
        </Link>
      ) : null}
    </div>
  );
}
