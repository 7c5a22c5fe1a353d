'use client';

import { useEffect } from 'react';
import { defaultStorage, getCookie, readDeviceId } from '@nimbus/client';
import { readMembership, readUserId } from '@/features/auth/credentials';
import { readPublicConfig } from '@/lib/public-config';
import { analyticsContextOf } from '../analytics/analytics-context';
import { parseRefererList, refererListCookieName } from '../../guards/referer-list.guard';
import { blockPageBeacon } from './block-page-event';

/** Sends the `block-page` analytics event once when the block page shows. Renders nothing. */
export function BlockPageBeacon() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const beacon = blockPageBeacon(readPublicConfig()?.apiOrigins, {
      path: url.pathname,
      context: analyticsContextOf({
        userAgent: navigator.userAgent,
        languageSystem: navigator.language,
        languageWeb: document.documentElement.lang,
        premium: readMembership()?.premium,
        source: getCookie('source'),
        scene: url.searchParams.get('scene') ?? undefined,
        referers: parseRefererList(getCookie(refererListCookieName), Date.now()).map(
          (entry) => entry.host,
        ),
        deviceId: readDeviceId(defaultStorage()) ?? '',
        userId: readUserId(),
        country: undefined,
      }),
    });
    navigator.sendBeacon(beacon.url, new Blob([beacon.body], { type: 'application/json' }));
  }, []);
  return null;
}
