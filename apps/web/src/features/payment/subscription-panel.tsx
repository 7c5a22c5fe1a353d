'use client';

import { useEffect, useState } from 'react';
import type { PaymentView, ProductCatalogue, SubscriptionView } from '@nimbus/contracts';
import { ExternalLink } from 'lucide-react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { errorText, type ErrorTexts } from '@/lib/api/error-text';
import { refreshProfile } from '@/lib/session/session';
import { getPaymentOverview, openPortal, type PaymentOverviewData } from './payment-api';
import { SubscriptionActions } from './subscription-actions';

type Load =
  { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; overview: PaymentOverviewData };

/** Where the provider's checkout sent the member back from: `done` or `cancelled`. */
function checkoutReturn(): string {
  return new URL(window.location.href).searchParams.get('checkout') ?? '';
}

/** Seconds after a checkout's return at which the page looks again (the notice may be on its way). */
const lookAgainAfter = [3, 8, 20];

/**
 * The member's side of payments on /drive/payment: the subscription (plan, renews or ends on,
 * a failed or pending payment with what to do) with cancel, resume and switch, the provider's
 * portal for cards and invoices, and the payment history with receipts.
 */
export function SubscriptionPanel({
  catalogue,
  errorTexts,
}: {
  catalogue: ProductCatalogue;
  errorTexts: ErrorTexts;
}) {
  const t = useTranslations('payment');
  const format = useFormatter();
  const locale = useLocale();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  // Shown only once the session is known in the browser, so the address can be read at once.
  const [returned] = useState(checkoutReturn);
  const [portalBusy, setPortalBusy] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    getPaymentOverview(controller.signal).then(
      (overview) => setLoad({ kind: 'ready', overview }),
      () => {
        if (!controller.signal.aborted) {
          setLoad({ kind: 'error' });
        }
      },
    );
    return () => controller.abort();
  }, [round]);

  useEffect(() => {
    if (returned !== 'done') {
      return;
    }
    const timers = lookAgainAfter.map((seconds) =>
      window.setTimeout(() => {
        setRound((count) => count + 1);
        void refreshProfile();
      }, seconds * 1000),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [returned]);

  const longDate = (value: string) => format.dateTime(new Date(value), { dateStyle: 'long' });
  const money = (payment: PaymentView) => {
    try {
      const digits =
        new Intl.NumberFormat('en', {
          style: 'currency',
          currency: payment.currency,
        }).resolvedOptions().maximumFractionDigits ?? 2;
      return format.number(Number(payment.amount) / 10 ** digits, {
        style: 'currency',
        currency: payment.currency,
      });
    } catch {
      return `${payment.amount} ${payment.currency}`;
    }
  };
  const productName = (productId: string) =>
    catalogue.products.find((product) => product.id === productId)?.name || productId;

  async function manage() {
    setPortalBusy(true);
    setProblem('');
    try {
      window.location.assign(await openPortal());
    } catch (cause) {
      setProblem(errorText(cause, locale, errorTexts) ?? t('billing.error'));
      setPortalBusy(false);
    }
  }

  function subscriptionState(subscription: SubscriptionView) {
    const end = subscription.current_period_end;
    switch (subscription.status) {
      case 'past_due':
      case 'unpaid':
        return (
          <p role="alert" className="text-sm text-danger" data-testid="subscription-failed">
            {t('billing.past-due', {
              date: longDate(subscription.grace_ends_at || end || new Date().toISOString()),
            })}
          </p>
        );
      case 'incomplete':
        return <p className="text-sm text-muted-foreground">{t('billing.incomplete')}</p>;
      case 'canceled':
      case 'incomplete_expired':
        return <p className="text-sm text-muted-foreground">{t('billing.canceled')}</p>;
      case 'active':
      case 'trialing':
      case 'paused':
        return end === '' ? null : (
          <p className="text-sm" data-testid="subscription-date">
            {subscription.cancel_at_period_end
              ? t('billing.ends-on', { date: longDate(end) })
              : t('billing.renews-on', { date: longDate(end) })}
          </p>
        );
    }
  }

  const overview = load.kind === 'ready' ? load.overview : undefined;
  const subscription = overview?.subscription ?? null;
  return (
    <section
      aria-labelledby="billing-title"
      data-testid="billing"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-5 sm:p-6"
    >
      <h2 id="billing-title" className="text-lg font-semibold">
        {t('billing.title')}
      </h2>
      {returned === 'done' ? (
        <p role="status" className="rounded-xl bg-primary/10 p-3 text-sm">
          {t('billing.checkout-done')}
        </p>
      ) : returned === 'cancelled' ? (
        <p role="status" className="rounded-xl bg-muted p-3 text-sm">
          {t('billing.checkout-cancelled')}
        </p>
      ) : null}
      {load.kind === 'loading' ? (
        <div role="status" className="h-6 w-48 animate-pulse rounded-full bg-muted">
          <span className="sr-only">{t('billing.loading')}</span>
        </div>
      ) : null}
      {load.kind === 'error' ? <p className="text-sm text-danger">{t('billing.error')}</p> : null}
      {subscription ? (
        <div className="flex flex-col gap-1" data-testid="subscription">
          <p className="font-medium">
            {subscription.interval === ''
              ? productName(subscription.product_id)
              : t(`billing.plan-${subscription.interval}`)}
          </p>
          {subscriptionState(subscription)}
          <SubscriptionActions
            subscription={subscription}
            catalogue={catalogue}
            errorTexts={errorTexts}
            onChanged={(changed) => {
              if (overview) {
                setLoad({ kind: 'ready', overview: { ...overview, subscription: changed } });
              }
            }}
          />
        </div>
      ) : null}
      {overview && overview.payments.length > 0 ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              disabled={portalBusy}
              onClick={() => void manage()}
              data-testid="billing-portal"
            >
              {t('billing.manage')}
              <ExternalLink aria-hidden />
            </Button>
            <span className="text-xs text-muted-foreground">{t('billing.manage-hint')}</span>
          </div>
          {problem !== '' ? (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : null}
          <h3 className="mt-2 text-sm font-semibold">{t('billing.history')}</h3>
          <ul className="flex flex-col divide-y divide-border text-sm" data-testid="payments">
            {overview.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                <span className="w-40">{longDate(payment.created_at)}</span>
                <span className="flex-1">{productName(payment.product_id)}</span>
                <span>{money(payment)}</span>
                <span data-status={payment.status}>{t(`billing.status.${payment.status}`)}</span>
                {payment.receipt_url !== '' ? (
                  <a
                    href={payment.receipt_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {t('billing.receipt')}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : overview ? (
        <p className="text-sm text-muted-foreground">{t('billing.none')}</p>
      ) : null}
    </section>
  );
}
