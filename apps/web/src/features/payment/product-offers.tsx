'use client';

import type { Product, ProductCatalogue } from '@nimbus/contracts';
import { checkoutHref } from '@nimbus/contracts';
import { Check, ExternalLink } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { CheckoutButton } from './checkout-button';
import { formatPrice } from './product-price';

/** The checkout's source (a task source of docs/product.md#entities). */
const checkoutSource = 'payment_page';

/**
 * The operator's products of one kind, each with its price and a "Buy" link to the operator's
 * shop (a sign-in link for visitors); a notice when the catalogue could not be read or is empty,
 * and one saying to redeem a code instead when nothing of the kind is sold online.
 */
export function ProductOffers({
  catalogue,
  kind,
  compact,
  userId,
  signedOut,
  signInHref,
  size,
  errorTexts,
}: {
  errorTexts: ErrorTexts;
  catalogue: ProductCatalogue | undefined;
  kind: Product['kind'];
  compact: boolean;
  userId: string;
  signedOut: boolean;
  signInHref: string;
  size: (bytes: string | number) => string;
}) {
  const t = useTranslations('payment');
  const locale = useLocale();
  const products = catalogue?.products.filter((product) => product.kind === kind) ?? [];

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

  const hrefs = new Map(
    products.map((product) => [
      product.id,
      checkoutHref(product, { userId, source: checkoutSource, locale }),
    ]),
  );
  // With a payment provider, priced products are bought on the site (the provider's checkout).
  const onSite = (product: Product) =>
    catalogue?.payment_provider === 'stripe' && product.price !== '';
  // Without any way to buy nothing here can be bought: the list says once what to do
  // instead, and the cards only show what a code can give.
  const buyable = products.some((product) => onSite(product) || hrefs.get(product.id) !== '');

  return !catalogue ? (
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
    <>
      {buyable ? null : (
        <p
          data-testid="catalogue-not-sold"
          className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted-foreground"
        >
          {t('products.not-on-sale')}
        </p>
      )}
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
          const href = hrefs.get(product.id) ?? '';
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
                {price !== '' ? (
                  <p className="text-2xl font-semibold" data-testid="product-price">
                    {product.interval ? t(`products.per-${product.interval}`, { price }) : price}
                  </p>
                ) : buyable ? (
                  <p className="text-sm text-muted-foreground" data-testid="product-price">
                    {t('products.no-price')}
                  </p>
                ) : null}
                {onSite(product) ? (
                  signedOut ? (
                    <Button asChild variant={product.highlight ? 'primary' : 'outline'}>
                      <a href={signInHref}>{t('products.sign-in-to-buy')}</a>
                    </Button>
                  ) : (
                    <CheckoutButton
                      productId={product.id}
                      name={name}
                      highlight={product.highlight}
                      errorTexts={errorTexts}
                    />
                  )
                ) : href === '' ? (
                  buyable ? (
                    <p className="text-xs text-muted-foreground">{t('products.not-on-sale')}</p>
                  ) : null
                ) : signedOut ? (
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
      {buyable ? (
        <p className="text-xs text-muted-foreground">
          {catalogue.payment_provider === 'stripe' ? t('how-checkout') : t('how')}
        </p>
      ) : null}
    </>
  );
}
