'use client';

import { useEffect } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { ErrorView } from '@/components/error-view';
import { useIsBot } from '@/features/errors/use-is-bot';
import { localePath } from '@/i18n/locale-path';

interface LocaleErrorProps {
  error: unknown;
  retry: () => void;
}

/**
 * A fatal error inside a page: the error page with the not-found tip and no detail (spec
 * section 8). Crawlers get nothing rendered; the error is only logged.
 */
export default function LocaleError({ error, retry }: LocaleErrorProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const isBot = useIsBot();

  useEffect(() => {
    console.error(error);
  }, [error]);

  if (isBot) {
    return null;
  }
  return (
    <main id="main" className="flex-1 pt-[var(--spacing-header)]">
      <ErrorView
        tip={t('not-found-page-tip')}
        homeHref={localePath(locale, '/')}
        homeLabel={t('back-home')}
        action={
          <button
            type="button"
            onClick={retry}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-border px-4 text-sm font-medium hover:bg-muted"
          >
            {t('try-again')}
          </button>
        }
      />
    </main>
  );
}
