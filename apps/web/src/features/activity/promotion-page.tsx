import type { Locale } from '@nimbus/contracts';
import { Check, Gift, Sparkles } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { localePath } from '@/i18n/locale-path';
import { cn } from '@/lib/cn';
import { closeEndedActivity } from './activity-gate';

export interface PromotionPageProps {
  activity: 'christmas' | 'black-friday';
  locale: Locale;
}

const perks = ['perk-storage', 'perk-offline', 'perk-traffic', 'perk-speed'] as const;

const themes = {
  christmas: {
    hero: 'bg-gradient-to-br from-red-700 via-red-600 to-emerald-700 text-white',
    badge: 'bg-white/15 text-white',
    icon: Gift,
  },
  'black-friday': {
    hero: 'bg-gradient-to-br from-neutral-950 via-neutral-900 to-amber-900 text-white',
    badge: 'bg-amber-400 text-neutral-950',
    icon: Sparkles,
  },
} as const;

/**
 * A seasonal promotion (`/activity/christmas`, `/activity/black-friday`): closed by the
 * activity-end check once the config host says it is over, otherwise what premium brings, when
 * the offer ends and the way to the membership plans (or to free days from tasks).
 */
export async function PromotionPage({ activity, locale }: PromotionPageProps) {
  const operation = await closeEndedActivity(activity, locale);
  const t = await getTranslations({ locale, namespace: 'activity.promo' });
  const format = await getFormatter({ locale });
  const endsAt = operation?.activities[activity]?.ends_at;
  const theme = themes[activity];
  const Icon = theme.icon;
  return (
    <div
      className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8 sm:py-12"
      data-testid="promotion"
      data-activity={activity}
    >
      <section className={cn('flex flex-col gap-5 rounded-3xl p-6 shadow-lg sm:p-10', theme.hero)}>
        <span
          className={cn(
            'inline-flex w-fit items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold',
            theme.badge,
          )}
        >
          <Icon aria-hidden className="size-4" />
          {t(`${activity}-badge`)}
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {t(`${activity}-title`)}
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-white/90">{t(`${activity}-lead`)}</p>
        {endsAt ? (
          <p className="text-sm font-medium text-white/80" data-testid="promotion-ends">
            {t('ends', {
              date: format.dateTime(new Date(endsAt), { dateStyle: 'long', timeZone: 'UTC' }),
            })}
          </p>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-white text-neutral-950 hover:bg-white/90">
            <a href={localePath(locale, '/drive/payment')}>{t('plans')}</a>
          </Button>
          <Button asChild size="lg" variant="ghost" className="text-white hover:bg-white/10">
            <a href={localePath(locale, '/check-in')}>{t('tasks')}</a>
          </Button>
        </div>
      </section>
      <section aria-labelledby="promotion-perks" className="flex flex-col gap-4">
        <h2 id="promotion-perks" className="text-2xl font-semibold">
          {t('perks-title')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {perks.map((perk) => (
            <li
              key={perk}
              className="flex items-start gap-3 rounded-2xl border border-border bg-background p-4"
            >
              <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>{t(perk)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
