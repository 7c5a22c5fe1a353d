'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { errorText, type ErrorTexts } from '@/lib/api/error-text';
import { startCheckout } from './payment-api';

/**
 * "Buy" of a product sold through the payment provider: opens a checkout for the signed-in
 * member and sends the browser to the provider's page, which sends it back to /drive/payment.
 */
export function CheckoutButton({
  productId,
  name,
  highlight,
  errorTexts,
}: {
  productId: string;
  name: string;
  highlight: boolean;
  errorTexts: ErrorTexts;
}) {
  const t = useTranslations('payment');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  async function buy() {
    setBusy(true);
    setProblem('');
    try {
      window.location.assign(await startCheckout(productId));
    } catch (cause) {
      setProblem(errorText(cause, locale, errorTexts) ?? t('billing.error'));
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant={highlight ? 'primary' : 'outline'}
        disabled={busy}
        onClick={() => void buy()}
        data-testid="product-checkout"
        aria-label={t('products.checkout-label', { name })}
      >
        {busy ? t('products.checkout-working') : t('products.buy')}
      </Button>
      {problem !== '' ? (
        <p role="alert" className="text-xs text-danger">
          {problem}
        </p>
      ) : null}
    </>
  );
}
