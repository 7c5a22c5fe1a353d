import type { Locale } from '@nimbus/contracts';
import { Globe } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button-variants';
import { localePath } from '@/i18n/locale-path';
import { cn } from '@/lib/cn';
import { InstallWebApp } from './install-web-app';
import type { Visitor } from './platform';

export interface WebAppCardProps {
  locale: Locale;
  visitor: Visitor;
  /** Put first and in the primary colour: none of the page's apps is published. */
  isPrimary: boolean;
}

/** "Use Nimbus in your browser": the drive link and installing the site as an app (PWA). */
export async function WebAppCard({ locale, visitor, isPrimary }: WebAppCardProps) {
  const t = await getTranslations({ locale, namespace: 'apps' });
  return (
    <section
      aria-labelledby="web-app-title"
      data-web-app={isPrimary ? 'primary' : 'secondary'}
      className={cn(
        'rounded-xl border p-5',
        isPrimary ? 'border-primary bg-primary/5' : 'border-border',
      )}
    >
      <h2 id="web-app-title" className="flex items-center gap-2 text-lg font-semibold">
        <Globe aria-hidden className="size-5 text-primary" />
        {t('web-app.title')}
      </h2>
      <p className="mt-2 text-muted-foreground">{t('web-app.body')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <a
          href={localePath(locale, '/drive/all')}
          className={buttonVariants({ variant: isPrimary ? 'primary' : 'outline' })}
        >
          {t('web-app.open')}
        </a>
        <InstallWebApp
          texts={{
            install: t('web-app.install'),
            installed: t('web-app.installed'),
            hint: visitor.platform === 'ios' ? t('web-app.ios-hint') : t('web-app.other-hint'),
          }}
        />
      </div>
    </section>
  );
}
