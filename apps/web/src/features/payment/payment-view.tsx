'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Product, ProductCatalogue } from '@nimbus/contracts';
import { checkoutHref, formatBytes, remainingVipDays } from '@nimbus/contracts';
import { Check, ExternalLink } from 'lucide-react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { browserClient } from '@/lib/api/browser-client';
import type { ErrorTexts } from '@/lib/api/error-text';
import { refreshProfile } from '@/lib/session/session';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { PremiumBadge } from '@/features/membership/premium-badge';
import { cn } from '@/lib/cn';
import { formatPrice, usageRatio } from './product-price';
import { RedeemBox } from './redeem-box';

/** Which purchase page: the plans, the storage packs, the traffic packs, or the in-app shop. */
export type PaymentVariant = 'plans' | 'storage' | 'traffic' | 'shop';

export interface PaymentViewProps {
  variant: PaymentVariant;
  /** Undefined when the config host could not answer. */
  catalogue: ProductCatalogue | undefined;
  errorTexts: ErrorTexts;
  /** Sign-in that comes back to this page. */
  signInHref: string;
  hrefs: { plans: string; storage: string; traffic: string };
}

/** The parts of `GET /drive/v1/about` these pages show. */
interface About {
  quota: { limit: string; usage: string };
  quotas?: {
    cloud_download?: { limit: string; usage: string };
    download_traffic?: { limit: string; usage: string };
  };
}

type AboutState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; about: About };

/** The checkout's source (a task source of docs/product.md#entities). */
const checkoutSource = 'payment_page';

function useAbout(signedIn: boolean) {
  const [state, setState] = useState<AboutState>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!signedIn) {
      return;
    }
    const controller = new AbortController();
    browserClient()
      .get<About>('/drive/v1/about', { signal: controller.signal })
      .then(
        (about) => setState({ kind: 'ready', about }),
        () => {
          if (!controller.signal.aborted) {
            setState({ kind: 'error' });
          }
        },
      );
    return () => controller.abort();
  }, [signedIn, round]);
  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setRound((count) => count + 1);
  }, []);
  return { state, reload };
}

/** One labelled bar of usage against a limit. */
function UsageBar({
  label,
  usage,
  limit,
  text,
  testId,
}: {
  label: string;
  usage: number;
  limit: number;
  text: string;
  testId: string;
}) {
  const ratio = usageRatio(usage, limit);
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">{text}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', ratio >= 0.9 ? 'bg-danger' : 'bg-primary')}
          style={{ width: `${Math.max(ratio * 100, usage > 0 ? 2 : 0)}%` }}
        />
      </div>
    </div>
  );
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
  const products = catalogue?.products.filter((product) => product.kind === kind) ?? [];
  const compact = variant === 'shop';

  function productName(product: Product): string {
    if (product.name !== '') {
      return product.name;
    }
    switch (product.kind) {
      case 'premium':
        return t('products.premium-name', { days: product.days });
      case 'storage':
        return t('products.storage-name', { size: size(product.bytes) });
      case 'traffic':
        return t('products.traffic-name', { size: size(product.bytes) });
    }
  }

  function productEffect(product: Product): string {
    switch (product.kind) {
      case 'premium':
        return t('products.premium-effect', { days: product.days });
      case 'storage':
        return t('products.storage-effect', { size: size(product.bytes), days: product.days });
      case 'traffic':
        return t('products.traffic-effect', { size: size(product.bytes), days: product.days });
    }
  }

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
      <section
        aria-labelledby="usage-title"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-5 sm:p-6"
      >
        <h2 id="usage-title" className="text-lg font-semibold">
          {t('usage.title')}
        </h2>
        {about.kind === 'loading' ? (
          <div aria-label={t('usage.loading')} role="status" className="flex flex-col gap-3">
            <div className="h-9 animate-pulse rounded-lg bg-muted" />
            <div className="h-9 animate-pulse rounded-lg bg-muted" />
          </div>
        ) : null}
        {about.kind === 'error' ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-danger">
              {t('usage.error')}
            </p>
            <Button variant="outline" size="sm" onClick={reload}>
              {t('usage.retry')}
            </Button>
          </div>
        ) : null}
        {about.kind === 'ready' ? (
          <div className="flex flex-col gap-4">
            {variant !== 'traffic' ? (
              <UsageBar
                testId="usage-storage"
                label={t('usage.storage')}
                usage={Number(about.about.quota.usage)}
                limit={Number(about.about.quota.limit)}
                text={t('usage.used-of', {
                  used: size(about.about.quota.usage),
                  limit: size(about.about.quota.limit),
                })}
              />
            ) : null}
            {variant !== 'storage' && about.about.quotas?.download_traffic ? (
              <UsageBar
                testId="usage-traffic"
                label={t('usage.download-traffic')}
                usage={Number(about.about.quotas.download_traffic.usage)}
                limit={Number(about.about.quotas.download_traffic.limit)}
                text={t('usage.used-of', {
                  used: size(about.about.quotas.download_traffic.usage),
                  limit: size(about.about.quotas.download_traffic.limit),
                })}
              />
            ) : null}
            {variant === 'plans' && about.about.quotas?.cloud_download ? (
              <UsageBar
                testId="usage-tasks"
                label={t('usage.tasks-today')}
                usage={Number(about.about.quotas.cloud_download.usage)}
                limit={Number(about.about.quotas.cloud_download.limit)}
                text={t('usage.count-of', {
                  used: Number(about.about.quotas.cloud_download.usage),
                  limit: Number(about.about.quotas.cloud_download.limit),
                })}
              />
            ) : null}
          </div>
        ) : null}
      </section>
    ) : null;

  const comparison =
    catalogue && variant === 'plans' ? (
      <section aria-labelledby="compare-title" className="flex flex-col gap-3">
        <h2 id="compare-title" className="text-lg font-semibold">
          {t('compare.title')}
        </h2>
        <div className="overflow-x-auto rounded-2xl border border-border bg-background">
          <table className="w-full min-w-[20rem] text-left text-sm" data-testid="plan-comparison">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="p-3 font-medium text-muted-foreground">
                  {t('compare.feature')}
                </th>
                <th scope="col" className="p-3 font-semibold">
                  {t('compare.free')}
                </th>
                <th scope="col" className="p-3 font-semibold text-primary">
                  {t('compare.premium')}
                </th>
              </tr>
            </thead>
            <tbody>
              {(
                [
                  [
                    'storage',
                    size(catalogue.plans.free.storage_bytes),
                    size(catalogue.plans.premium.storage_bytes),
                  ],
                  [
                    'cloud-traffic',
                    size(catalogue.plans.free.offline_traffic_bytes),
                    size(catalogue.plans.premium.offline_traffic_bytes),
                  ],
                  [
                    'download-traffic',
                    size(catalogue.plans.free.download_traffic_bytes),
                    size(catalogue.plans.premium.download_traffic_bytes),
                  ],
                  [
                    'tasks-per-day',
                    format.number(catalogue.plans.free.cloud_downloads),
                    format.number(catalogue.plans.premium.cloud_downloads),
                  ],
                  [
                    'running',
                    format.number(catalogue.plans.free.offline_running),
                    format.number(catalogue.plans.premium.offline_running),
                  ],
                ] as const
              ).map(([row, free, premium]) => (
                <tr
                  key={row}
                  className="border-b border-border last:border-b-0"
                  data-testid={`compare-${row}`}
                >
                  <th scope="row" className="p-3 font-normal">
                    {t(`compare.${row}`)}
                  </th>
                  <td className="p-3">{free}</td>
                  <td className="p-3 font-semibold">{premium}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    ) : null;

  const offers = !catalogue ? (
    <p
      role="alert"
      data-testid="catalogue-error"
      className="rounded-2xl bg-danger/10 p-5 text-sm text-danger"
    >
      {t('products.error')}
    </p>
  ) : products.length === 0 ? (
    <p
      data-testid="catalogue-empty"
      className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted-foreground"
    >
      {t('products.empty')}
    </p>
  ) : (
    <ul
      data-testid="product-list"
      className={cn(
        'grid gap-4',
        compact ? 'grid-cols-1' : 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
      )}
    >
      {products.map((product) => {
        const name = productName(product);
        const price = formatPrice(product, locale);
        const href = checkoutHref(product, { userId, source: checkoutSource, locale });
        return (
          <li
            key={product.id}
            data-testid="product-card"
            data-product={product.id}
            className={cn(
              'relative flex flex-col gap-3 rounded-2xl border bg-background p-5',
              product.highlight ? 'border-primary shadow-md' : 'border-border',
              compact && 'flex-row flex-wrap items-center justify-between p-4',
            )}
          >
            <div className="flex flex-col gap-1">
              {product.highlight ? (
                <span className="w-fit rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
                  {t('products.recommended')}
                </span>
              ) : null}
              <h3 className="text-base font-semibold">{name}</h3>
              <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                {productEffect(product)}
              </p>
            </div>
            <div className={cn('flex flex-col gap-2', !compact && 'mt-auto')}>
              <p className="text-2xl font-semibold" data-testid="product-price">
                {price === '' ? (
                  <span className="text-sm font-normal text-muted-foreground">
                    {t('products.no-price')}
                  </span>
                ) : (
                  price
                )}
              </p>
              {href === '' ? (
                <p className="text-xs text-muted-foreground">{t('products.not-on-sale')}</p>
              ) : session.kind === 'signed-out' ? (
                <Button asChild variant={product.highlight ? 'primary' : 'outline'}>
                  <a href={signInHref}>{t('products.sign-in-to-buy')}</a>
                </Button>
              ) : (
                <Button asChild variant={product.highlight ? 'primary' : 'outline'}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="product-buy"
                    aria-label={t('products.buy-label', { name })}
                  >
                    {t('products.buy')}
                    <ExternalLink aria-hidden />
                  </a>
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
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
      {usage}
      {comparison}
      <section aria-labelledby="offers-title" className="flex flex-col gap-3">
        <h2 id="offers-title" className={cn('font-semibold', compact ? 'text-base' : 'text-lg')}>
          {t(`offers.${kind}`)}
        </h2>
        {offers}
        <p className="text-xs text-muted-foreground">{t('how')}</p>
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
