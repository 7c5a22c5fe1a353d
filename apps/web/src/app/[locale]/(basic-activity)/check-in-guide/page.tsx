import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { activityMetadata } from '@/features/activity/activity-metadata';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = activityMetadata('check-in-guide', '/check-in-guide');

const steps = ['step-1', 'step-2', 'step-3'] as const;
const rules = ['rule-once', 'rule-upload', 'rule-offline', 'rule-invite'] as const;

/** /check-in-guide: how membership tasks earn premium days and how to claim them. */
export default async function CheckInGuidePage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'activity.guide' });
  return (
    <PageIntro title={t('title')} description={t('lead')}>
      <div className="flex flex-col gap-8">
        <section aria-labelledby="guide-steps" className="flex flex-col gap-4">
          <h2 id="guide-steps" className="text-xl font-semibold">
            {t('steps-title')}
          </h2>
          <ol className="flex flex-col gap-3">
            {steps.map((step, index) => (
              <li
                key={step}
                className="flex gap-4 rounded-2xl border border-border bg-background p-4"
              >
                <span
                  aria-hidden
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <p className="pt-1.5">{t(step)}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="guide-rules" className="flex flex-col gap-3">
          <h2 id="guide-rules" className="text-xl font-semibold">
            {t('rules-title')}
          </h2>
          <ul className="list-disc space-y-2 pl-6 text-muted-foreground">
            {rules.map((rule) => (
              <li key={rule}>{t(rule)}</li>
            ))}
          </ul>
        </section>
        <div>
          <Button asChild size="lg" className="w-full sm:w-auto">
            <a href={localePath(locale, '/check-in')}>{t('cta')}</a>
          </Button>
        </div>
      </div>
    </PageIntro>
  );
}
