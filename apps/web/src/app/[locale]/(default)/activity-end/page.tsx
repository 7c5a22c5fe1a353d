import { seasonalActivities, type SeasonalActivity } from '@nimbus/contracts';
import { CalendarX2 } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { activityMetadata } from '@/features/activity/activity-metadata';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = activityMetadata('activity-end');

interface ActivityEndPageProps extends LocaleParams {
  searchParams: Promise<{ from?: string | string[] }>;
}

/**
 * /activity-end: where the activity-end check sends an ended promotion (`?from=<activity>`
 * names it): says it is over and offers the ways back (home, free days from tasks, the plans).
 */
export default async function ActivityEndPage({ params, searchParams }: ActivityEndPageProps) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'activity.ended' });
  const from = (await searchParams).from;
  const activity = (seasonalActivities as readonly unknown[]).includes(from)
    ? (from as SeasonalActivity)
    : undefined;
  return (
    <div
      className="mx-auto flex w-full max-w-2xl flex-col items-center gap-5 px-4 py-16 text-center"
      data-testid="activity-end"
    >
      <span
        aria-hidden
        className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground"
      >
        <CalendarX2 className="size-7" />
      </span>
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {activity ? t(`title-${activity}`) : t('title')}
      </h1>
      <p className="text-lg text-pretty text-muted-foreground">{t('lead')}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <a href={localePath(locale, '/check-in')}>{t('check-in')}</a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={localePath(locale, '/drive/payment')}>{t('plans')}</a>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <a href={localePath(locale, '/')}>{t('home')}</a>
        </Button>
      </div>
    </div>
  );
}
