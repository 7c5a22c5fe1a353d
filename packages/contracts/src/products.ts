import { z } from 'zod';

/*
 * The product catalogue of the purchase pages (`POST /config/v1/external_products`). Nimbus holds
 * no card processor: an operator sells premium days, storage packs and traffic packs in a shop
 * of their own, and the shop hands out activation codes that members redeem. The catalogue says
 * what is on offer, at what price, and where the shop's checkout is.
 */

/**
 * What a product grants: `premium` days of membership, a `storage` pack (bytes added to the
 * storage limit for some days) or a `traffic` pack (bytes added to the monthly download and
 * cloud-download traffic for some days).
 */
export const productKinds = ['premium', 'storage', 'traffic'] as const;
export type ProductKind = (typeof productKinds)[number];

/** The kinds of pack an activation code can grant besides premium days. */
export const packKinds = ['storage', 'traffic'] as const;
export type PackKind = (typeof packKinds)[number];

/** Largest number of products a catalogue holds; later ones are dropped. */
export const maxProducts = 48;

/** How often a subscription renews. */
export const subscriptionIntervals = ['month', 'year'] as const;
export type SubscriptionInterval = (typeof subscriptionIntervals)[number];

/** A price as written in a catalogue: a decimal number of the currency's units (`4.99`). */
const priceSchema = z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, 'a decimal price such as 4.99');

const decimalBytes = z
  .union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,16}$/)])
  .transform((value) => String(Number(value)))
  .refine((value) => Number(value) <= Number.MAX_SAFE_INTEGER, 'too large');

/** A checkout address: `https`, or `http` (a shop on a private network); no credentials. */
export function isCheckoutUrl(value: string): boolean {
  if (value === '') {
    return true;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === ''
  );
}

/**
 * One product as an operator writes it. `bytes` (a decimal string or a number) is required for
 * packs and must be absent or 0 for premium; `price` is free text shown as is (`4.99`), with the
 * ISO 4217 `currency` when given; `checkout_url` is the shop's page for it (empty: not on sale
 * here, members redeem codes they got elsewhere).
 */
export const productInputSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'letters, digits, _ . - (1-64)'),
    kind: z.enum(productKinds),
    /** The operator's name for it; empty lets the site name it in the visitor's language. */
    name: z.string().trim().max(80).default(''),
    days: z.number().int().min(1).max(3650),
    bytes: decimalBytes.default('0'),
    price: z.string().trim().max(32).default(''),
    currency: z
      .string()
      .regex(/^([A-Za-z]{3})?$/, 'an ISO 4217 code such as USD')
      .transform((value) => value.toUpperCase())
      .default(''),
    checkout_url: z
      .string()
      .trim()
      .max(2048)
      .refine(isCheckoutUrl, 'an http(s) URL without credentials')
      .default(''),
    /** Shown as the one to pick. */
    highlight: z.boolean().default(false),
    /**
     * A premium subscription renewed every `month` or `year` (sold through the payment
     * provider); absent: a one-time purchase of `days`.
     */
    interval: z.enum(subscriptionIntervals).optional(),
    /**
     * Prices in other currencies than `currency`, by ISO 4217 code (`{"EUR":"4.99"}`): the
     * payment provider's checkout charges the one the member picks.
     */
    prices: z
      .record(z.string().regex(/^[A-Z]{3}$/, 'an upper-case ISO 4217 code'), priceSchema)
      .optional(),
  })
  .strict()
  .superRefine((product, context) => {
    const bytes = Number(product.bytes);
    if (product.kind === 'premium' && bytes !== 0) {
      context.addIssue({
        code: 'custom',
        path: ['bytes'],
        message: 'premium products carry no bytes',
      });
    }
    if (product.kind !== 'premium' && bytes <= 0) {
      context.addIssue({ code: 'custom', path: ['bytes'], message: 'a pack needs bytes above 0' });
    }
    if (product.kind !== 'premium' && product.interval !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['interval'],
        message: 'only premium is sold as a subscription',
      });
    }
  });

/** One product as the catalogue publishes it. */
export type Product = z.output<typeof productInputSchema>;

/** The limits of one plan, as the catalogue publishes them (bytes as decimal strings). */
export const planLimitsSchema = z.object({
  storage_bytes: z.string(),
  /** Offline (URL) download tasks per UTC day. */
  cloud_downloads: z.number().int(),
  /** Bytes of downloads per UTC month. */
  download_traffic_bytes: z.string(),
  /** Offline downloads running at once. */
  offline_running: z.number().int(),
  /** Bytes offline downloads may fetch per UTC month. */
  offline_traffic_bytes: z.string(),
});
export type PublishedPlanLimits = z.infer<typeof planLimitsSchema>;

/** The payment providers Nimbus can take payments through. */
export const paymentProviders = ['stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** `values.external_products` of `POST /config/v1/external_products`. */
export const productCatalogueSchema = z.object({
  plans: z.object({ free: planLimitsSchema, premium: planLimitsSchema }),
  products: z.array(productInputSchema),
  /**
   * The provider the purchase pages sell priced products through (checkout on the site); absent
   * or `''`: none, "Buy" opens the product's `checkout_url`.
   */
  payment_provider: z.enum(paymentProviders).or(z.literal('')).optional(),
});
export type ProductCatalogue = z.output<typeof productCatalogueSchema>;

/** A product that could not be read, and why. */
export interface ProductProblem {
  index: number;
  message: string;
}

/**
 * Reads a list of products: keeps every valid entry (and the first of a repeated id), up to
 * `maxProducts`, and tells what was wrong with the others. Anything but a list reads as none.
 */
export function parseProducts(value: unknown): { products: Product[]; problems: ProductProblem[] } {
  const products: Product[] = [];
  const problems: ProductProblem[] = [];
  if (!Array.isArray(value)) {
    return { products, problems: [{ index: -1, message: 'the products must be a JSON list' }] };
  }
  const seen = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const parsed = productInputSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push({
        index,
        message: `${issue?.path.join('.') || 'product'}: ${issue?.message ?? 'invalid'}`,
      });
      return;
    }
    if (seen.has(parsed.data.id)) {
      problems.push({ index, message: `id ${parsed.data.id} is used twice` });
      return;
    }
    if (products.length >= maxProducts) {
      problems.push({ index, message: `more than ${maxProducts} products` });
      return;
    }
    seen.add(parsed.data.id);
    products.push(parsed.data);
  });
  return { products, problems };
}

/** The plan limits the defaults are derived from (bytes as numbers). */
export interface CatalogueLimits {
  free: { storageBytes: number; offlineTrafficBytes: number; downloadTrafficBytes: number };
}

/**
 * The catalogue before an operator writes one: premium for 30, 90 and 365 days, storage packs
 * of 10 and 100 times the free plan's storage, traffic packs of 2 and 20 times its monthly
 * cloud-download traffic, each for 30 days, without prices or checkout links (members redeem
 * codes the operator hands out). Packs of a free plan limit of 0 are left out.
 */
export function defaultProducts(limits: CatalogueLimits): Product[] {
  const premium = [30, 90, 365].map((days): Product => ({
    id: `premium-${days}`,
    kind: 'premium',
    name: '',
    days,
    bytes: '0',
    price: '',
    currency: '',
    checkout_url: '',
    highlight: days === 90,
  }));
  const pack = (kind: PackKind, base: number, factor: number): Product[] => {
    const bytes = base * factor;
    if (bytes <= 0 || !Number.isSafeInteger(bytes)) {
      return [];
    }
    return [
      {
        id: `${kind}-${factor}x-30`,
        kind,
        name: '',
        days: 30,
        bytes: String(bytes),
        price: '',
        currency: '',
        checkout_url: '',
        highlight: false,
      },
    ];
  };
  return [
    ...premium,
    ...pack('storage', limits.free.storageBytes, 10),
    ...pack('storage', limits.free.storageBytes, 100),
    ...pack('traffic', limits.free.offlineTrafficBytes, 2),
    ...pack('traffic', limits.free.offlineTrafficBytes, 20),
  ];
}

/**
 * The price of a product in a currency: its `prices` entry, or `price` when the currency is the
 * product's own; undefined when the product has no price in it.
 */
export function priceIn(
  product: Pick<Product, 'price' | 'currency' | 'prices'>,
  currency: string,
): string | undefined {
  const code = currency.toUpperCase();
  const listed = product.prices?.[code];
  if (listed !== undefined) {
    return listed;
  }
  return product.currency === code && product.price !== '' ? product.price : undefined;
}

/** The currencies a product has a price in, its own first. */
export function currenciesOf(product: Pick<Product, 'price' | 'currency' | 'prices'>): string[] {
  const own = product.currency !== '' && product.price !== '' ? [product.currency] : [];
  return [...new Set([...own, ...Object.keys(product.prices ?? {})])];
}

/** The catalogue's query parameter that names the product in a checkout link. */
export const checkoutParams = {
  product: 'product',
  userId: 'user_id',
  source: 'source',
  locale: 'locale',
} as const;

/**
 * The address a "Buy" button opens: the product's checkout URL with the product id, the
 * member's id (so the shop knows whom the code is for), where the purchase began (a task
 * source of docs/product.md#entities, `payment_page`) and the visitor's language. Empty when the product
 * has no checkout link.
 */
export function checkoutHref(
  product: Pick<Product, 'id' | 'checkout_url'>,
  context: { userId: string; source: string; locale: string },
): string {
  if (product.checkout_url === '' || !isCheckoutUrl(product.checkout_url)) {
    return '';
  }
  const url = new URL(product.checkout_url);
  url.searchParams.set(checkoutParams.product, product.id);
  if (context.userId !== '') {
    url.searchParams.set(checkoutParams.userId, context.userId);
  }
  url.searchParams.set(checkoutParams.source, context.source);
  url.searchParams.set(checkoutParams.locale, context.locale);
  return url.href;
}
