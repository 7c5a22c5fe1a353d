'use client';

import { useEffect } from 'react';
import { ErrorView } from '@/components/error-view';
import { useErrorTexts } from '@/features/errors/error-texts';
import { useIsBot } from '@/features/errors/use-is-bot';

interface LocaleErrorProps {
  error: unknown;
  retry: () => void;
}

/**
 * A fatal error inside a page: the error page with the not-found tip and no detail
 * (docs/product.md#error-catalogue). Crawlers get nothing rendered; the error is only logged.
 */
export default function LocaleError({ error, retry }: LocaleErrorProps) {
  const texts = useErrorTexts();
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
        tip={texts.tip}
        homeHref={texts.homeHref}
        homeLabel={texts.backHome}
        action={
          <button
            type="button"
            onClick={retry}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-border px-4 text-sm font-medium hover:bg-muted"
          >
            {texts.tryAgain}
          </button>
        }
      />
    </main>
  );
}
