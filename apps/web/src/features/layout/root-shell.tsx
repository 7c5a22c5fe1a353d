import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { locales, type Locale } from '@nimbus/contracts';
import { getMessages, getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { ThemeProvider } from 'next-themes';
import { config, toPublicConfig } from '@/config';
import { LoginHandoff } from '@/features/auth/login-handoff';
import { nonceRequestHeader } from '@/guards/content-security-policy';
import { ErrorTextsProvider } from '@/features/errors/error-texts';
import { ActivityHost } from '@/features/activity/activity-host';
import { AnalysisPrompt } from '@/features/analytics/analysis-prompt';
import { analysisGateScript } from '@/features/analytics/analysis-prompt-gate';
import { AnalysisQuestion } from '@/features/analytics/analysis-question';
import { AnalyticsHost } from '@/features/analytics/analytics-host';
import { DebugHost } from '@/features/debug/debug-host';
import { activityErrorTexts } from '@/features/activity/activity-error-texts';
import { DialogActionHost } from '@/features/drive/actions/dialog-action-host';
import { EmbeddedMode } from '@/features/drive/actions/embedded-mode';
import {
  LanguageSuggestionCard,
  type LanguageSuggestionTexts,
} from '@/features/i18n/language-suggestion-card';
import { ReferralHost } from '@/features/referral/referral-host';
import { localePath } from '@/i18n/locale-path';
import type { Messages } from '@/i18n/messages';
import {
  captchaTextsElementId,
  publicConfigElementId,
  scriptJson,
  serializePublicConfig,
} from '@/lib/public-config';
import { LayoutEffects } from './layout-effects';
import { SiteHeader } from './site-header';

export interface RootShellProps {
  locale: Locale;
  children: ReactNode;
}

/**
 * The document of every page (docs/product.md#screens-and-routes): `<html lang>`, the header `#pc_header` and the
 * page below it, with the serialised public configuration the browser reads its API origins
 * from. Messages stay on the server: client components get their few strings as props, which
 * keeps a message runtime out of the browser.
 */
export async function RootShell({ locale, children }: RootShellProps) {
  const t = await getTranslations({ locale, namespace: 'common' });
  const auth = await getTranslations({ locale, namespace: 'auth' });
  const { referral, activity, errors }: Messages = await getMessages({ locale });
  const suggestionTexts = await languageSuggestionTexts();
  // The page's script nonce (Content-Security-Policy), for the inline scripts (theme, statistics question).
  const nonce = (await headers()).get(nonceRequestHeader) ?? undefined;
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
        <script
          id={captchaTextsElementId}
          type="application/json"
          dangerouslySetInnerHTML={{
            __html: scriptJson({ title: auth('captcha.title'), close: auth('captcha.close') }),
          }}
        />
        {/* Before the statistics question: hides it, before the first paint, where it is not asked. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: analysisGateScript() }} />
        <ThemeProvider
          attribute="class"
          defaultTheme="system"
          enableSystem
          disableTransitionOnChange
          nonce={nonce}
        >
          <ErrorTextsProvider
            texts={{
              tip: t('not-found-page-tip'),
              backHome: t('back-home'),
              tryAgain: t('try-again'),
              homeHref: localePath(locale, '/'),
            }}
          >
            {/* Before the page, so its effect subscribes before the page's effects emit anything. */}
            <AnalyticsHost />
            <SiteHeader locale={locale} />
            <AnalysisPrompt
              question={
                <AnalysisQuestion title={t('analysis.title')} question={t('analysis.question')} />
              }
              labels={{ yes: t('analysis.yes'), no: t('analysis.no') }}
            />
            {children}
            <LayoutEffects />
            <ReferralHost
              locale={locale}
              messages={{
                member: referral.member,
                'signed-out': referral['signed-out'],
                link: referral.link,
                stats: referral.stats,
                state: referral.state,
                dialog: referral.dialog,
                claim: referral.claim,
              }}
              hrefs={{
                referral: localePath(locale, '/referral'),
                signIn: localePath(locale, '/drive/login'),
                drive: localePath(locale, '/drive/all'),
              }}
            />
            <ActivityHost
              locale={locale}
              messages={{
                'check-in': activity['check-in'],
                dialog: activity.dialog,
                meta: activity.meta,
                promo: activity.promo,
              }}
              errorTexts={activityErrorTexts(errors)}
              hrefs={{
                checkIn: localePath(locale, '/check-in'),
                signIn: localePath(locale, '/drive/login'),
                tasks: {
                  upload_file: localePath(locale, '/drive/all'),
                  share_file: localePath(locale, '/drive/all'),
                  offline_download: localePath(locale, '/drive/tasks'),
                  invite_friend: localePath(locale, '/referral'),
                },
                promotions: {
                  christmas: localePath(locale, '/activity/christmas'),
                  'black-friday': localePath(locale, '/activity/black-friday'),
                },
              }}
            />
            <Suspense fallback={null}>
              <DialogActionHost
                locale={locale}
                popupTexts={{
                  title: t('popup.title'),
                  description: t('popup.description'),
                  desktop: t('popup.desktop'),
                  extension: t('popup.extension'),
                  later: t('popup.later'),
                  close: t('popup.close'),
                }}
              />
            </Suspense>
            <EmbeddedMode />
            <LanguageSuggestionCard locale={locale} texts={suggestionTexts} />
            <DebugHost
              texts={{
                toggle: t('debug.toggle'),
                close: t('debug.close'),
                panel: t('debug.panel'),
                command: t('debug.command'),
              }}
            />
            <LoginHandoff
              texts={{
                signingIn: t('handoff.signing-in'),
                failed: t('handoff.failed'),
                dismiss: t('handoff.dismiss'),
              }}
            />
          </ErrorTextsProvider>
        </ThemeProvider>
      </body>
    </html>
  );
}

/** The language suggestion's words in every language: it speaks the one it offers. */
async function languageSuggestionTexts(): Promise<Record<Locale, LanguageSuggestionTexts>> {
  const entries = await Promise.all(
    locales.map(async (each) => {
      const said = await getTranslations({ locale: each, namespace: 'common.language-suggestion' });
      return [
        each,
        {
          label: said('label'),
          text: said('text'),
          switch: said('switch'),
          dismiss: said('dismiss'),
        },
      ] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Locale, LanguageSuggestionTexts>;
}
