import '../globals.css';
import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { isLocale } from '@nimbus/contracts';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { ThemeProvider } from 'next-themes';
import { config, toPublicConfig } from '@/config';
import { LayoutEffects } from '@/features/layout/layout-effects';
import { SiteHeader } from '@/features/layout/site-header';
import { clientMessages } from '@/i18n/client-messages';
import { publicConfigElementId, serializePublicConfig } from '@/lib/public-config';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common');
  return {
    metadataBase: new URL(config.publicUrl),
    title: { template: '%s | Nimbus', default: 'Nimbus' },
    description: t('tagline'),
    applicationName: 'Nimbus',
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#0c0e13' },
  ],
};

interface LocaleLayoutProps {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}

/**
 * The root shell of every page (spec section 2): the header `#pc_header` and the page below it.
 * Rendered per request, so the configuration the browser receives is the running server's.
 */
export default async function LocaleLayout({ children, params }: LocaleLayoutProps) {
  const { locale } = await params;
  if (!isLocale(locale)) {
    notFound();
  }
  await connection();
  const t = await getTranslations({ locale, namespace: 'common' });
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[calc(var(--z-header)+1)] rounded-lg bg-background px-4 py-3 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
        >
          {t('skip-to-content')}
        </a>
        <script
          id={publicConfigElementId}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: serializePublicConfig(toPublicConfig(config)) }}
        />
        <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
          <NextIntlClientProvider locale={locale} messages={await clientMessages(locale)}>
            <SiteHeader locale={locale} />
            {children}
            <LayoutEffects />
          </NextIntlClientProvider>
        </ThemeProvider>
      </body>
    </html>
  );
}
