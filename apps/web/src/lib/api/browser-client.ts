import { createApiClient, defaultStorage, ensureDeviceId } from '@nimbus/client';
import type { ApiClient } from '@nimbus/client';
import { readPublicConfig } from '@/lib/public-config';
import type { CaptchaModalTexts } from './captcha-modal';
import { openCaptchaModal } from './captcha-modal';
import { readUserId } from '@/lib/session/credentials';

/** The client id of the web app (docs/api.md#conventions). */
export const webClientId = 'web';

let client: ApiClient | undefined;
let modalTexts: CaptchaModalTexts = { title: 'Security check', close: 'Close' };

/** Sets the translated texts of the captcha modal. */
export function setCaptchaModalTexts(texts: CaptchaModalTexts): void {
  modalTexts = texts;
}

/**
 * The browser's API client: client id `web`, the session cookie sent along, the page's language,
 * the device id of local storage, and the captcha modal as the challenge solver; every captcha
 * init carries the signed-in user id in its meta (`user_id`, `''` when signed out:
 * docs/product.md#roles). One per page.
 */
export function browserClient(): ApiClient {
  if (client) {
    return client;
  }
  const config = readPublicConfig();
  const storage = defaultStorage();
  client = createApiClient({
    clientId: webClientId,
    origins: config?.apiOrigins ?? {},
    locale: () => document.documentElement.lang || 'en-US',
    getDeviceId: () => ensureDeviceId(storage),
    credentials: 'include',
    storage,
    captcha: {
      solveChallenge: (url, context) => openCaptchaModal(url, context, modalTexts),
      getMeta: () => ({ user_id: readUserId() }),
    },
  });
  return client;
}
