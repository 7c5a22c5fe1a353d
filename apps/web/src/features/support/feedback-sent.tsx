'use client';

import { CheckCircle2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** What the member sees once the feedback arrived: its reference and where to go next. */
export function FeedbackSent({
  id,
  driveHref,
  onRestart,
}: {
  id: string;
  driveHref: string;
  onRestart: () => void;
}) {
  const t = useTranslations('support.feedback');
  return (
    <section
      role="status"
      data-testid="feedback-sent"
      className="flex flex-col items-start gap-4 rounded-2xl border border-border bg-background p-6 sm:p-8"
    >
      <CheckCircle2 aria-hidden className="size-10 text-primary" />
      <h2 className="text-2xl font-semibold">{t('sent-title')}</h2>
      <p className="text-pretty text-muted-foreground">{t('sent')}</p>
      <p className="text-sm text-muted-foreground" data-testid="feedback-reference">
        {t('reference', { id })}
      </p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild>
          <a href={driveHref}>{t('back-to-drive')}</a>
        </Button>
        <Button variant="outline" onClick={onRestart}>
          {t('send-another')}
        </Button>
      </div>
    </section>
  );
}
