import type { Locale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { AuthMessages, errorTextsOf } from '@/lib/auth-messages';
import { localePath } from '@/i18n/locale-path';
import { cn } from '@/lib/cn';
import { loadCatalogue } from './catalogue';
import type { PaymentVariant } from './payment-variant';
import { PaymentView } from './payment-view';

const pathOf: Record<PaymentVariant, string> = {
  plans: '/drive/payment',
  storage: '/drive/payment/storage',
  traffic: '/drive/payment/traffic',
  shop: '/inapp/shop',
};

const pageOf = {
  plans: 'drive-payment',
  storage: 'drive-payment-storage',
  traffic: 'drive-payment-traffic',
  shop: 'inapp-shop',
} as const satisfies Record<PaymentVariant, string>;

/**
 * A purchase page on the server: its heading in the visitor's language and the catalogue of the
 * config host, handed to the client view that adds the member's state.
 */
export async function PaymentPage({
  locale,
  variant,
}: {
  locale: Locale;
  variant: PaymentVariant;
}) {
  const t = await getTranslations({ locale, namespace: 'pages' });
  const catalogue = await loadCatalogue(locale);
  const signInHref = `${localePath(locale, '/drive/login')}?${new URLSearchParams({
    redirect: localePath(locale, pathOf[variant]),
  }).toString()}`;
  const page = pageOf[variant];
  const compact = variant === 'shop';
  return (
    <div
      className={cn('mx-auto w-full px-4', compact ? 'max-w-xl py-6' : 'max-w-5xl py-10 sm:py-14')}
    >
      <h1
        className={cn(
          'font-semibold tracking-tight text-balance',
          compact ? 'text-2xl' : 'text-3xl sm:text-4xl',
        )}
      >
        {t(`${page}.title`)}
      </h1>
      <p
        className={cn('mt-3 text-pretty text-muted-foreground', compact ? 'text-base' : 'text-lg')}
      >
        {t(`${page}.description`)}
      </p>
      <div className={compact ? 'mt-5' : 'mt-8'}>
        <AuthMessages locale={locale} namespaces={['payment']}>
          <PaymentView
            variant={variant}
            catalogue={catalogue}
            errorTexts={errorTextsOf(locale)}
            signInHref={signInHref}
            hrefs={{
              plans: localePath(locale, pathOf.plans),
              storage: localePath(locale, pathOf.storage),
              traffic: localePath(locale, pathOf.traffic),
            }}
          />
        </AuthMessages>
      </div>
    </div>
  );
}
