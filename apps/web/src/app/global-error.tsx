'use client';

import './globals.css';
import { useEffect } from 'react';
import { ErrorView } from '@/components/error-view';
import { defaultErrorTexts } from '@/features/errors/default-error-texts';
import { useIsBot } from '@/features/errors/use-is-bot';

interface GlobalErrorProps {
  error: unknown;
  retry: () => void;
}

/**
 * A fatal error in the root shell itself. The locale's messages are out of reach here, so the
 * error page shows the default locale's tip; crawlers get an empty document.
 */
export default function GlobalError({ error }: GlobalErrorProps) {
  const isBot = useIsBot();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <html lang="en-US">
      <body>
        {isBot ? null : (
          <main id="main">
            <ErrorView
              tip={defaultErrorTexts.tip}
              homeHref={defaultErrorTexts.homeHref}
              homeLabel={defaultErrorTexts.backHome}
            />
          </main>
        )}
      </body>
    </html>
  );
}
