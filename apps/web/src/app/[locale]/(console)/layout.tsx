import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ConsoleGate } from '@/features/console/console-gate';
import { PageFrame } from '@/features/layout/page-frame';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { AuthMessages, errorTextsOf } from '@/lib/auth-messages';

/**
 * The operator console's layout (docs/product.md#operator-console): its title, and the gate
 * that lets in operators whose two-step sign-in is recent, with the sections of their role.
 */
export default async function ConsoleLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'console' });
  const signIn = `${localePath(locale, '/drive/login')}?${new URLSearchParams({
    redirect: localePath(locale, '/admin'),
  }).toString()}`;
  return (
    <PageFrame locale={locale} layout="console" withoutFooter className="bg-surface">
      <div className="mx-auto w-full max-w-6xl px-4 py-8">
        <p className="mb-4 text-sm font-medium uppercase tracking-wide text-muted-foreground">
          {t('title')}
        </p>
        <AuthMessages locale={locale} namespaces={['console']}>
          <ConsoleGate errorTexts={errorTextsOf(locale)} signInHref={signIn}>
            {children}
          </ConsoleGate>
        </AuthMessages>
      </div>
    </PageFrame>
  );
}
