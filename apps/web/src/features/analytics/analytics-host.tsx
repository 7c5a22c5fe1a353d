'use client';

import { useEffect } from 'react';
import { defaultStorage } from '@nimbus/client';
import { locales, pageRouteOf } from '@nimbus/contracts';
import { apiUrl, readPublicConfig } from '@/lib/public-config';
import { analysisChoiceEvent, analysisChoiceOf, browserPrivacySignals } from './analysis-consent';
import { createAnalyticsSender, statisticsEventPath } from './analytics-sender';
import { appEvents } from '@/lib/app-events';
import { browserAnalyticsContext } from './browser-context';
import { linkEvents } from './link-events';

/**
 * Mounted once by the root shell: forwards the app's events to `/statistics/pub/event` while
 * analysis is allowed, sends what waits with a beacon when the page is hidden or left, and
 * emits the events of followed links (app downloads, jumps to the premium pages, a share page's
 * links into the drive). Renders nothing.
 */
export function AnalyticsHost() {
  useEffect(() => {
    const storage = defaultStorage();
    const isAllowed = () => analysisChoiceOf(storage, browserPrivacySignals()).allowed;
    const sender = createAnalyticsSender({
      url: apiUrl(readPublicConfig()?.apiOrigins, 'drive', statisticsEventPath),
      contextOf: browserAnalyticsContext,
      pageOf: () => pageRouteOf(window.location.pathname, locales),
      isAllowed,
      beacon: (url, body) =>
        typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon(url, body) : false,
      post: (url, body) =>
        fetch(url, {
          method: 'POST',
          body,
          keepalive: true,
          credentials: 'include',
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
        }),
      setTimer: (run, ms) => window.setTimeout(run, ms),
      clearTimer: (timer) => window.clearTimeout(timer as number),
    });
    const stopForwarding = appEvents.onAny((name, props) => sender.track(name, props));
    const onPageHide = () => sender.flush('unload');
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') {
        sender.flush('unload');
      }
    };
    const onChoice = () => {
      if (!isAllowed()) {
        sender.clear();
      }
    };
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) {
        return;
      }
      const followed = { href: link.href, appDownload: link.dataset.appDownload };
      for (const found of linkEvents(followed, window.location.href, locales)) {
        appEvents.emit(found.name, found.props);
      }
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener(analysisChoiceEvent, onChoice);
    // Capture: a link's own handler may stop the click from bubbling.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener(analysisChoiceEvent, onChoice);
      document.removeEventListener('click', onClick, true);
      stopForwarding();
      sender.flush('unload');
    };
  }, []);
  return null;
}
