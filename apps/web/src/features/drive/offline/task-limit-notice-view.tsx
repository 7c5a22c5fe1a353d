import { CircleAlert } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** The over-the-free-task-limit notice, with the link to the membership page. */
export function TaskLimitNoticeView({
  limit,
  membershipHref,
}: {
  limit: number | undefined;
  membershipHref: string;
}) {
  const t = useTranslations('offline');
  return (
    <div
      role="status"
      data-testid="task-limit-notice"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger"
    >
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">
        {limit === undefined ? t('limit.notice-plain') : t('limit.notice', { limit })}
      </span>
      <Link
        href={membershipHref}
        data-testid="task-limit-upgrade"
        className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 md:min-h-0"
      >
        {t('limit.upgrade')}
      </Link>
    </div>
  );
}
