/** Which purchase page: the plans, the storage packs, the traffic packs, or the in-app shop. */
export type PaymentVariant = 'plans' | 'storage' | 'traffic' | 'shop';
