import { compensationTypePattern } from '@nimbus/contracts';
import { CalendarClock, HeartHandshake } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { closeEndedActivity } from '@/features/activity/activity-gate';
import { activityMetadata } from '@/features/activity/activity-metadata';
import { CompensationClaim } from '@/features/activity/compensation-claim';
import { signInHref } from '@/features/activity/sign-in-href';
import { AuthMessages, errorTextsOf } from '@/lib/auth-messages';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = activityMetadata('compensation');

interface CompensationPageProps extends LocaleParams {
  searchParams: Promise<{ type?: string | string[] }>;
}

/**
 * /activity/compensation?type=<type>: a member claims the compensation the link names (the
 * compensation activity types such as `aliyun_accident_202409`); closed by the activity-end
 * check once that compensation is over; an unknown type gets its own explanation.
 */
export default async function CompensationActivityPage({
  params,
  searchParams,
}: CompensationPageProps) {
  const locale = await localeOf(params);
  const asked = (await searchParams).type;
  const type = typeof asked === 'string' && compensationTypePattern.test(asked) ? asked : undefined;
  const operation = await closeEndedActivity('compensation', locale, type);
  const offer = type === undefined ? undefined : operation?.compensations[type];
  const t = await getTranslations({ locale, namespace: 'activity.compensation' });
  const format = await getFormatter({ locale });
  const longDate = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <section className="flex flex-col gap-5 rounded-3xl border border-border bg-background p-6 shadow-sm sm:p-10">
        <span
          aria-hidden
          className="flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary"
        >
          <HeartHandshake className="size-6" />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {t('title')}
        </h1>
        {offer && type ? (
          <>
            <p className="text-lg text-pretty text-muted-foreground">{t('lead')}</p>
            <div
              className="flex flex-col gap-1 rounded-2xl bg-muted p-4"
              data-testid="compensation-offer"
            >
              <p className="text-lg font-semibold">
                {t('offer', { count: offer.days, date: longDate(offer.joined_before) })}
              </p>
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <CalendarClock aria-hidden className="size-4" />
                {t('deadline', { date: longDate(offer.ends_at) })}
              </p>
            </div>
            <AuthMessages locale={locale} namespaces={['activity']}>
              <CompensationClaim
                type={type}
                offer={offer}
                errorTexts={errorTextsOf(locale)}
                signInHref={signInHref(
                  locale,
                  `${localePath(locale, '/activity/compensation')}?type=${type}`,
                )}
                activityEndHref={`${localePath(locale, '/activity-end')}?from=compensation`}
                accountHref={localePath(locale, '/drive/account')}
              />
            </AuthMessages>
          </>
        ) : (
          <div data-testid="compensation-not-found" className="flex flex-col items-start gap-3">
            <h2 className="text-xl font-semibold">{t('not-found-title')}</h2>
            <p className="text-muted-foreground">{t('not-found')}</p>
            <Button asChild variant="outline">
              <a href={localePath(locale, '/contact-us')}>{t('contact')}</a>
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
