import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { InappWidget } from '@/features/apps/inapp-widget';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { Messages } from '@/i18n/messages';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('inapp-widget');

/**
 * /inapp/widget: the compact view the apps embed: storage, today's offline downloads and the
 * latest transfers of the signed-in member, in a narrow card that fits a small panel.
 */
export default async function InappWidgetPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const pages = await getTranslations({ locale, namespace: 'pages' });
  const messages: Messages = await getMessages({ locale });
  return (
    <div className="mx-auto w-full max-w-sm px-4 py-6">
      <div className="rounded-xl border border-border p-4">
        <h1 className="mb-3 text-base font-semibold">{pages('inapp-widget.title')}</h1>
        <NextIntlClientProvider
          locale={locale}
          messages={{ apps: { widget: messages.apps.widget } }}
        >
          <InappWidget
            hrefs={{
              open: localePath(locale, '/drive/all'),
              add: localePath(locale, '/url-checker'),
              signIn: `${localePath(locale, '/drive/login')}?${new URLSearchParams({ redirect: localePath(locale, '/inapp/widget') }).toString()}`,
            }}
          />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
