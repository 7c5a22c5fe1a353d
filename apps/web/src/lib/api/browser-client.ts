import type {
  ApiClient,
  ApiOrigins,
  CallAnswer,
  CallArgs,
  CallOptions,
  CallTarget,
  RequestBody,
  RequestOptions,
} from '@nimbus/client';
import { captchaTextsElementId, readPublicConfig, readScriptJson } from '@/lib/public-config';
import type { CaptchaModalTexts } from './captcha-modal';

/** The client id of the web app (docs/api.md#conventions). */
export const webClientId = 'web';

/** The captcha modal's texts in the page's language, as the root layout wrote them. */
function modalTexts(): CaptchaModalTexts {
  const texts = readScriptJson(captchaTextsElementId) as Partial<CaptchaModalTexts> | undefined;
  return {
    // English only where no page wrote them (none of the site's pages).
    title: texts?.title ?? 'Security check',
    close: texts?.close ?? 'Close',
  };
}

let loading: Promise<ApiClient> | undefined;
let loaded: ApiClient | undefined;

/** The client itself, its code imported at the page's first call (kept out of the first load). */
function loadClient(): Promise<ApiClient> {
  loading ??= import('./browser-client-setup').then(
    ({ createBrowserApiClient }) => {
      loaded = createBrowserApiClient(webClientId, modalTexts);
      return loaded;
    },
    (error: unknown) => {
      // A failed download is tried again at the next call.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const client: ApiClient = {
  request: <T>(options: RequestOptions) =>
    loadClient().then((loadedClient) => loadedClient.request<T>(options)),
  get: <T>(path: string, options?: CallOptions) =>
    loadClient().then((loadedClient) => loadedClient.get<T>(path, options)),
  post: <T>(path: string, body?: RequestBody, options?: CallOptions) =>
    loadClient().then((loadedClient) => loadedClient.post<T>(path, body, options)),
  put: <T>(path: string, body?: RequestBody, options?: CallOptions) =>
    loadClient().then((loadedClient) => loadedClient.put<T>(path, body, options)),
  patch: <T>(path: string, body?: RequestBody, options?: CallOptions) =>
    loadClient().then((loadedClient) => loadedClient.patch<T>(path, body, options)),
  delete: <T>(path: string, options?: CallOptions) =>
    loadClient().then((loadedClient) => loadedClient.delete<T>(path, options)),
  call: <T extends CallTarget>(endpoint: T, ...args: CallArgs<T>): Promise<CallAnswer<T>> =>
    loadClient().then((loadedClient) => loadedClient.call(endpoint, ...args)),
  // Before the first call no origin has failed, so a group's first origin is the one in use.
  originOf: (group) =>
    loaded?.originOf(group) ??
    ((readPublicConfig()?.apiOrigins ?? {}) as ApiOrigins)[group]?.[0] ??
    '',
  // A captcha may be asked for before any call (a claim proves a person asks first): its
  // tokens load the client too; before that there is nothing to clear.
  captcha: {
    token: (action, meta) =>
      loadClient().then((loadedClient) => loadedClient.captcha.token(action, meta)),
    renew: (action, stale, meta) =>
      loadClient().then((loadedClient) => loadedClient.captcha.renew(action, stale, meta)),
    clear: () => loaded?.captcha.clear(),
  },
};

/**
 * The browser's API client (see `createBrowserApiClient`): one per page, its code loaded at the
 * first call.
 */
export function browserClient(): ApiClient {
  return client;
}
