import '../globals.css';
import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { isLocale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { config } from '@/config';
import { RootShell } from '@/features/layout/root-shell';
import { manifestPath } from '@/features/web-app/web-app-manifest';

/**
 * Defaults of every page: the "Page | Nimbus" title template, the description, the icons' base
 * URL, and the web app manifest of the page's locale.
 */
export async function generateMetadata({ params }: LocaleLayoutProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations('common');
  return {
    ...(isLocale(locale) ? { manifest: manifestPath(locale) } : {}),
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
 * The root layout: every page lives under `/[locale]`. Rendered per request, so the
 * configuration the browser receives is the running server's.
 */
export default async function LocaleLayout({ children, params }: LocaleLayoutProps) {
  const { locale } = await params;
  if (!isLocale(locale)) {
    notFound();
  }
  await connection();
  return <RootShell locale={locale}>{children}</RootShell>;
}
