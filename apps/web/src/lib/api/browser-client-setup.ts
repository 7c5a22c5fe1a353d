import { createApiClient, defaultStorage, ensureDeviceId } from '@nimbus/client';
import type { ApiClient } from '@nimbus/client';
import { readPublicConfig } from '@/lib/public-config';
import { readUserId } from '@/lib/session/credentials';
import type { CaptchaModalTexts } from './captcha-modal';
import { openCaptchaModal } from './captcha-modal';

/**
 * The browser's API client: client id (`web`), the session cookie sent along, the page's language,
 * the device id of local storage, and the captcha modal as the challenge solver; every captcha
 * init carries the signed-in user id in its meta (`user_id`, `''` when signed out:
 * docs/product.md#roles). `browserClient` imports this module at a page's first call.
 */
export function createBrowserApiClient(
  clientId: string,
  modalTexts: () => CaptchaModalTexts,
): ApiClient {
  const config = readPublicConfig();
  const storage = defaultStorage();
  return createApiClient({
    clientId,
    origins: config?.apiOrigins ?? {},
    locale: () => document.documentElement.lang || 'en-US',
    getDeviceId: () => ensureDeviceId(storage),
    credentials: 'include',
    storage,
    captcha: {
      solveChallenge: (url, context) => openCaptchaModal(url, context, modalTexts()),
      getMeta: () => ({ user_id: readUserId() }),
    },
  });
}
