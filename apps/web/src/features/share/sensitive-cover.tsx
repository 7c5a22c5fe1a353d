'use client';

import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { defaultStorage } from '@nimbus/client';
import { EyeOff } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { isCoverLifted, liftCover } from './share-preferences';

/**
 * The cover over a share under review as sensitive (`SENSITIVE_RESOURCE`, `SENSITIVE_WORD`):
 * what lies under it shows only once the visitor chooses to see it, and the choice is remembered
 * for the share ("hidden shared content cover").
 */
export function SensitiveCover({ shareId, children }: { shareId: string; children: ReactNode }) {
  const t = useTranslations('share');
  const [lifted, setLifted] = useState(false);
  useEffect(() => {
    const stored = isCoverLifted(defaultStorage(), shareId);
    if (stored) {
      void Promise.resolve().then(() => setLifted(true));
    }
  }, [shareId]);
  if (lifted) {
    return children;
  }
  return (
    <section
      data-testid="share-cover"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center"
    >
      <EyeOff aria-hidden className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">{t('cover.title')}</h1>
      <p className="text-muted-foreground">{t('cover.description')}</p>
      <button
        type="button"
        className={buttonVariants({ variant: 'outline' })}

        onClick={() => {
          liftCover(defaultStorage(), shareId);
          setLifted(true);
        }}
      >
        {t('cover.show')}
      </button>
    </section>
  );
}
