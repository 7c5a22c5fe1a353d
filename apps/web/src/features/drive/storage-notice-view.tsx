import { HardDrive } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { StorageState } from './quota-state';

/** The storage-full notice for a state; nothing while there is room. */
export function StorageNoticeView({
  state,
  upgradeHref,
}: {
  state: StorageState;
  upgradeHref: string;
}) {
  const t = useTranslations('drive');
  if (state === 'ok') {
    return null;
  }
  return (
    <div
      role="status"
      data-testid="storage-full-notice"
      data-state={state}
      className="mx-3 mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger md:mx-4"
    >
      <HardDrive aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">
        {t(state === 'over' ? 'storage.over-notice' : 'storage.full-notice')}
      </span>
      <Link
        href={upgradeHref}
        data-testid="storage-full-upgrade"
        className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 md:min-h-0"
      >
        {t('storage.upgrade')}
      </Link>
    </div>
  );
}
