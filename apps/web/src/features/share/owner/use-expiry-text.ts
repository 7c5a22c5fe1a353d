import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import type { ExpiryLeft } from './share-options';

/** The time a share has left, in words. */
export function useExpiryText() {
  const t = useTranslations('drive.shares.expiry');
  return useCallback(
    (left: ExpiryLeft): string => {
      switch (left.kind) {
        case 'never':
          return t('never');
        case 'expired':
          return t('expired');
        case 'hours':
          return t('hours', { hours: left.hours });
        case 'days':
          return t('days', { days: left.days });
      }
    },
    [t],
  );
}
