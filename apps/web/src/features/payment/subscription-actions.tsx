'use client';

import { useState } from 'react';
import type { ProductCatalogue, SubscriptionView } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorText, type ErrorTexts } from '@/lib/api/error-text';
import { cancelSubscription, changeSubscription, resumeSubscription } from './payment-api';

type Action = { kind: 'cancel' } | { kind: 'resume' } | { kind: 'change'; productId: string };

/** The states in which the member can still cancel, resume or switch their subscription. */
const changeable: ReadonlySet<SubscriptionView['status']> = new Set([
  'active',
  'trialing',
  'past_due',
]);

/**
 * Cancel, resume and switch between monthly and yearly, inside Nimbus: each asks first and says
 * when it takes effect (the end of the period paid for); the panel shows the answer at once.
 */
export function SubscriptionActions({
  subscription,
  catalogue,
  errorTexts,
  onChanged,
}: {
  subscription: SubscriptionView;
  catalogue: ProductCatalogue;
  errorTexts: ErrorTexts;
  onChanged: (subscription: SubscriptionView) => void;
}) {
  const t = useTranslations('payment.billing');
  const format = useFormatter();
  const locale = useLocale();
  const [action, setAction] = useState<Action | undefined>();
  const [problem, setProblem] = useState('');
  if (!changeable.has(subscription.status) || subscription.current_period_end === '') {
    return null;
  }
  const date = format.dateTime(new Date(subscription.current_period_end), { dateStyle: 'long' });
  const planned =
    subscription.next_product_id === '' ? subscription.product_id : subscription.next_product_id;
  const plannedInterval = catalogue.products.find((product) => product.id === planned)?.interval;
  // The other subscription of the catalogue, the one a switch moves to.
  const other = catalogue.products.find(
    (product) =>
      product.kind === 'premium' &&
      product.interval !== undefined &&
      product.id !== planned &&
      product.interval !== plannedInterval,
  );
  const planOf = (interval: string | undefined) =>
    interval === 'year' ? t('plan-year') : t('plan-month');

  async function run(chosen: Action) {
    setProblem('');
    try {
      onChanged(
        chosen.kind === 'cancel'
          ? await cancelSubscription()
          : chosen.kind === 'resume'
            ? await resumeSubscription()
            : await changeSubscription(chosen.productId),
      );
    } catch (cause) {
      setProblem(errorText(cause, locale, errorTexts) ?? t('actions.error'));
    }
  }

  function dialog(chosen: Action) {
    const close = () => setAction(undefined);
    const onConfirm = () => run(chosen);
    switch (chosen.kind) {
      case 'cancel':
        return (
          <ConfirmDialog
            title={t('actions.cancel-title')}
            description={t('actions.cancel-text', { date })}
            confirmLabel={t('actions.cancel')}
            cancelLabel={t('actions.keep')}
            onConfirm={onConfirm}
            onClose={close}
          />
        );
      case 'resume':
        return (
          <ConfirmDialog
            title={t('actions.resume-title')}
            description={t('actions.resume-text', { date })}
            confirmLabel={t('actions.resume')}
            cancelLabel={t('actions.back')}
            onConfirm={onConfirm}
            onClose={close}
          />
        );
      case 'change': {
        const product = catalogue.products.find((entry) => entry.id === chosen.productId);
        return (
          <ConfirmDialog
            title={t('actions.switch-title', { plan: planOf(product?.interval) })}
            description={t('actions.switch-text', { date, plan: planOf(product?.interval) })}
            confirmLabel={t('actions.switch-confirm')}
            cancelLabel={t('actions.back')}
            onConfirm={onConfirm}
            onClose={close}
          />
        );
      }
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid="subscription-actions">
      {subscription.next_product_id !== '' && !subscription.cancel_at_period_end ? (
        <p className="text-sm" data-testid="subscription-switch">
          {t('actions.switches-on', { plan: planOf(plannedInterval), date })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {subscription.cancel_at_period_end ? (
          <Button variant="outline" onClick={() => setAction({ kind: 'resume' })}>
            {t('actions.resume')}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setAction({ kind: 'cancel' })}>
            {t('actions.cancel')}
          </Button>
        )}
        {other ? (
          <Button
            variant="outline"
            onClick={() => setAction({ kind: 'change', productId: other.id })}
          >
            {t('actions.switch', { plan: planOf(other.interval) })}
          </Button>
        ) : null}
      </div>
      {problem !== '' ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
      {action ? dialog(action) : null}
    </div>
  );
}
