'use client';

import { useCallback, useEffect, useMemo } from 'react';
import type { Product, ProductCatalogue } from '@nimbus/contracts';
import { formatBytes, remainingVipDays } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { refreshProfile } from '@/lib/session/session';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { PremiumBadge } from '@/features/membership/premium-badge';
import { cn } from '@/lib/cn';
import { PaymentUsage, useAbout } from './payment-usage';
import type { PaymentVariant } from './payment-variant';
import { PlanComparison } from './plan-comparison';
import { ProductOffers } from './product-offers';
import { RedeemBox } from './redeem-box';
import { SubscriptionPanel } from './subscription-panel';

export type { PaymentVariant };

export interface PaymentViewProps {
  variant: PaymentVariant;
  /** Undefined when the config host could not answer. */
  catalogue: ProductCatalogue | undefined;
  errorTexts: ErrorTexts;
  /** Sign-in that comes back to this page. */
  signInHref: string;
  hrefs: { plans: string; storage: string; traffic: string };
}

/**
 * The purchase pages (`/drive/payment`, `/storage`, `/traffic`, `/inapp/shop`): the member's plan
 * and usage, free and premium compared with the real limits, the operator's products with "Buy"
 * links to the operator's shop, and the box that redeems the code the shop hands out.
 */
export function PaymentView({
  variant,
  catalogue,
  errorTexts,
  signInHref,
  hrefs,
}: PaymentViewProps) {
  const t = useTranslations('payment');
  const format = useFormatter();
  const locale = useLocale();
  const session = useStoredSession();
  const signedIn = session.kind === 'signed-in';
  const membership = signedIn ? session.membership : undefined;
  const userId = signedIn ? (session.profile?.sub ?? membership?.userId ?? '') : '';
  const { state: about, reload } = useAbout(signedIn);

  useEffect(() => {
    if (signedIn) {
      void refreshProfile();
    }
  }, [signedIn]);

  const size = useCallback((bytes: string | number) => formatBytes(bytes, { locale }), [locale]);
  const longDate = (value: string) => format.dateTime(new Date(value), { dateStyle: 'long' });
  const expire = membership?.expire ?? '';
  const daysLeft = useMemo(() => remainingVipDays(expire, new Date()), [expire]);

  const kind: Product['kind'] =
    variant === 'storage' ? 'storage' : variant === 'traffic' ? 'traffic' : 'premium';
  const compact = variant === 'shop';

  const status = (
    <div
      data-testid="payment-status"
      className="flex flex-col gap-2 rounded-2xl border border-border bg-background p-5 sm:p-6"
    >
      {session.kind === 'unknown' || (signedIn && !membership) ? (
        <div aria-hidden className="h-7 w-56 animate-pulse rounded-full bg-muted" />
      ) : null}
      {session.kind === 'signed-out' ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{t('status.signed-out')}</p>
          <Button asChild size="sm">
            <a href={signInHref}>{t('status.sign-in')}</a>
          </Button>
        </div>
      ) : null}
      {membership ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <PremiumBadge
            premium={membership.premium}
            label={membership.premium ? t('status.premium') : t('status.free')}
          />
          {membership.premium ? (
            <>
              <span data-testid="payment-expire">
                {t('status.premium-until', { date: longDate(expire) })}
              </span>
              <span className="font-medium" data-testid="payment-days-left">
                {t('status.days-left', { count: daysLeft })}
              </span>
            </>
          ) : (
            <span className="text-muted-foreground">
              {expire !== ''
                ? t('status.ended-on', { date: longDate(expire) })
                : t('status.free-note')}
            </span>
          )}
        </div>
      ) : null}
    </div>
  );

  const usage =
    signedIn && !compact ? (
      <PaymentUsage variant={variant} about={about} reload={reload} size={size} />
    ) : null;

  const comparison =
    catalogue && variant === 'plans' ? <PlanComparison catalogue={catalogue} size={size} /> : null;

  const offers = (
    <ProductOffers
      catalogue={catalogue}
      kind={kind}
      compact={compact}
      userId={userId}
      signedOut={session.kind === 'signed-out'}
      signInHref={signInHref}
      size={size}
      errorTexts={errorTexts}
    />
  );

  const redeem = (
    <RedeemBox
      errorTexts={errorTexts}
      signInHref={signInHref}
      signedIn={signedIn}
      collapsible={compact}
      onRedeemed={reload}
    />
  );

  return (
    <div
      className={cn('flex flex-col', compact ? 'gap-4' : 'gap-8')}
      data-testid={`payment-${variant}`}
    >
      {status}
      {signedIn && variant === 'plans' && catalogue?.payment_provider === 'stripe' ? (
        <SubscriptionPanel catalogue={catalogue} errorTexts={errorTexts} />
      ) : null}
      {usage}
      {comparison}
      <section aria-labelledby="offers-title" className="flex flex-col gap-3">
        <h2 id="offers-title" className={cn('font-semibold', compact ? 'text-base' : 'text-lg')}>
          {t(`offers.${kind}`)}
        </h2>
        {offers}
      </section>
      {redeem}
      {!compact ? (
        <nav aria-label={t('more.label')} className="flex flex-wrap gap-3">
          {variant !== 'plans' ? (
            <Button asChild variant="outline">
              <a href={hrefs.plans}>{t('more.plans')}</a>
            </Button>
          ) : null}
          {variant !== 'storage' ? (
            <Button asChild variant="outline">
              <a href={hrefs.storage}>{t('more.storage')}</a>
            </Button>
          ) : null}
          {variant !== 'traffic' ? (
            <Button asChild variant="outline">
              <a href={hrefs.traffic}>{t('more.traffic')}</a>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
