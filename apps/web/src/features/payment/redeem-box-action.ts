import type { DialogAction, Locale } from '@nimbus/contracts';
import { localePath } from '@/i18n/locale-path';

/*
 * The redeem box is opened by `?action=open_redeem_box` (a dialog action of docs/product.md#entities) on
 * the purchase pages, or from anywhere with `openRedeemBox`: a box on the page opens at once,
 * else the browser goes to /drive/payment with the action.
 */

/** The dialog action that opens the redeem box. */
export const redeemBoxAction = 'open_redeem_box' satisfies DialogAction;

/** The window event a mounted redeem box answers by opening, scrolling into view and focusing. */
export const openRedeemBoxEvent = 'nimbus:open-redeem-box';

const actionParam = 'action';

/** Redeem boxes mounted on this page now. */
let mountedBoxes = 0;

/** Called by a redeem box while it is mounted; answers the function that unregisters it. */
export function registerRedeemBox(): () => void {
  mountedBoxes += 1;
  return () => {
    mountedBoxes -= 1;
  };
}

/** The address of the purchase page with its redeem box open, in a locale's path. */
export function redeemBoxHref(locale: Locale): string {
  return `${localePath(locale, '/drive/payment')}?${actionParam}=${redeemBoxAction}`;
}

/**
 * Opens the redeem box: the one on this page when there is one, else /drive/payment (in the
 * visitor's `locale`) with the box open. This is what a `?action=` dispatcher calls.
 */
export function openRedeemBox(locale: Locale): void {
  if (mountedBoxes > 0) {
    window.dispatchEvent(new Event(openRedeemBoxEvent));
    return;
  }
  window.location.assign(redeemBoxHref(locale));
}

/**
 * Whether `url` asks for the redeem box; if so, the address without the action, so that a reload
 * or a shared copy of it does not open the box again.
 */
export function takeRedeemBoxAction(url: URL): URL | undefined {
  if (url.searchParams.get(actionParam) !== redeemBoxAction) {
    return undefined;
  }
  const rest = new URL(url.href);
  rest.searchParams.delete(actionParam);
  return rest;
}
