/*
 * Nimbus's service worker (docs/web-app.md#installable-app). It keeps the installed app usable
 * without a connection and nothing more: a page the network cannot bring gets the "No connection"
 * shell of its locale, and the build's static files (named by their hash, so never stale) and the
 * icons are kept once fetched. It never keeps an API answer, a file or a page of a member's data:
 * the shell is fetched without cookies. The drive's pages register it once the page is idle
 * (features/web-app/use-service-worker.ts).
 */

/** The shell pages and the static files they need; replaced when `version` changes. */
const version = 'v1';
const shellCache = `nimbus-shell-${version}`;
/** The build's static files fetched by the pages, oldest first. */
const assetCache = `nimbus-assets-${version}`;
/** The most static files kept; the oldest go first. */
const maxAssets = 300;
/** The most entries of the shell cache before it starts over. */
const maxShellEntries = 120;
/** How long a stored shell serves before the next page load refreshes it. */
const shellLifetimeMs = 24 * 60 * 60 * 1000;
/** The header that dates a stored shell. */
const storedAtHeader = 'x-nimbus-stored-at';

/** The locales of the site (@nimbus/contracts locales.ts; web-app.test.ts keeps them equal). */
const locales = ['en-US', 'es', 'id', 'ja', 'ko', 'ms', 'pt', 'ru', 'uk', 'zh-CN', 'zh-TW'];
const defaultLocale = 'en-US';
/** The shell's path without a locale prefix (site-routes.ts). */
const shellPath = '/no-connection';

/** The locale a page path is in: its prefix, or the default one. */
function localeOf(pathname) {
  const first = pathname.split('/')[1] ?? '';
  return locales.includes(first) ? first : defaultLocale;
}

/** The shell's URL in a locale. */
function shellUrl(locale) {
  return locale === defaultLocale ? shellPath : `/${locale}${shellPath}`;
}

/** Whether a same-origin path is a page (not an API call, a download or a file). */
function isPage(pathname) {
  return !/\.[A-Za-z0-9]+$/.test(pathname) && !/^\/(?:api|content|_next)\//.test(pathname);
}

/** Whether a same-origin path is a static file that never changes under its name. */
function isStaticAsset(pathname) {
  return (
    pathname.startsWith('/_next/static/') ||
    pathname.startsWith('/icons/') ||
    pathname === '/icon.svg' ||
    pathname === '/apple-icon'
  );
}

/** A response the cache can hand to any request: not marked as redirected, dated. */
async function storable(response) {
  const headers = new Headers(response.headers);
  headers.set(storedAtHeader, String(Date.now()));
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * Fetches the shell of a locale without cookies and keeps it with the static files it names, so
 * it renders styled without a connection.
 */
async function storeShell(locale) {
  const cache = await caches.open(shellCache);
  if ((await cache.keys()).length > maxShellEntries) {
    await caches.delete(shellCache);
  }
  const response = await fetch(shellUrl(locale), { credentials: 'omit' });
  if (!response.ok) {
    return;
  }
  const html = await response.clone().text();
  const assets = new Set(html.match(/\/_next\/static\/[^"'\s)\\<>]+/g) ?? []);
  const fresh = await caches.open(shellCache);
  await Promise.all(
    [...assets].map(async (asset) => {
      if (!(await fresh.match(asset))) {
        await fresh.add(asset).catch(() => undefined);
      }
    }),
  );
  await fresh.put(shellUrl(locale), await storable(response));
}

/** Stores the shell of a locale when it has none or its copy is older than a day. */
async function refreshShell(locale) {
  const stored = await caches.match(shellUrl(locale), { cacheName: shellCache });
  const storedAt = Number(stored?.headers.get(storedAtHeader) ?? 0);
  if (!stored || Date.now() - storedAt > shellLifetimeMs) {
    await storeShell(locale);
  }
}

/** A page: the network's answer, or the shell of its locale (or any shell) without one. */
async function navigate(event, url) {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    event.waitUntil(refreshShell(localeOf(url.pathname)).catch(() => undefined));
    return response;
  } catch {
    const cache = await caches.open(shellCache);
    const shell =
      (await cache.match(shellUrl(localeOf(url.pathname)))) ??
      (await cache.match(shellUrl(defaultLocale)));
    return shell ?? Response.error();
  }
}

/** Drops the oldest static files above the limit. */
async function prune(cache) {
  const keys = await cache.keys();
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - maxAssets)).map((key) => cache.delete(key)),
  );
}

/** A static file: the kept copy, or the network's answer, kept when it is a success. */
async function staticAsset(event) {
  const kept = await caches.match(event.request);
  if (kept) {
    return kept;
  }
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    event.waitUntil(
      caches
        .open(assetCache)
        .then(async (cache) => {
          await cache.put(event.request, copy);
          await prune(cache);
        })
        .catch(() => undefined),
    );
  }
  return response;
}

/** The share target's path (lib/share-target.ts); the manifest posts shared files to it. */
const shareTargetPath = '/share-target';
/** Where shared files wait for the drive (features/drive/upload/shared-files.ts; web-app.test.ts keeps them equal). */
const sharedFilesCache = 'nimbus-shared-files';
const sharedFilesPath = '/share-target/files/';
const sharedFilesRefusedPath = '/share-target/refused';
/** The most files, and bytes in all, one share may bring. */
const maxSharedFiles = 100;
const maxSharedBytes = 2147483648;

/**
 * A share from the system's share sheet (a `multipart/form-data` POST). Files wait in the cache
 * for the drive, which asks the member before it uploads them, so a form another site posts here
 * puts nothing into a drive; too many or too large ones leave only a note that they were refused.
 * A share without files is a link: it goes on to the share target's page as a GET.
 */
async function receiveShare(request) {
  let form;
  try {
    form = await request.formData();
  } catch {
    return Response.redirect(shareTargetPath, 303);
  }
  const files = form.getAll('files').filter((file) => typeof file !== 'string' && file.size > 0);
  if (files.length === 0) {
    const query = new URLSearchParams();
    for (const name of ['title', 'text', 'url']) {
      const value = form.get(name);
      if (typeof value === 'string' && value !== '') {
        query.set(name, value);
      }
    }
    return Response.redirect(`${shareTargetPath}?${query.toString()}`, 303);
  }
  await caches.delete(sharedFilesCache);
  const cache = await caches.open(sharedFilesCache);
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (files.length > maxSharedFiles || bytes > maxSharedBytes) {
    await cache.put(sharedFilesRefusedPath, new Response(''));
  } else {
    // The browser's storage may still be too small for them: then they are refused all the same.
    await Promise.all(
      files.map((file, index) =>
        cache.put(
          `${sharedFilesPath}${index}`,
          new Response(file, {
            headers: {
              'content-type': file.type || 'application/octet-stream',
              'x-nimbus-name': encodeURIComponent(file.name),
              'x-nimbus-modified': String(file.lastModified),
            },
          }),
        ),
      ),
    ).catch(async () => {
      await caches.delete(sharedFilesCache);
      await (await caches.open(sharedFilesCache)).put(sharedFilesRefusedPath, new Response(''));
    });
  }
  return Response.redirect('/drive/all', 303);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    storeShell(defaultLocale)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter(
            (name) => name.startsWith('nimbus-') && name !== shellCache && name !== assetCache,
          )
          .map((name) => caches.delete(name)),
      );
      if (self.registration.navigationPreload) {
        await self.registration.navigationPreload.enable();
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (
    request.method === 'POST' &&
    url.origin === self.location.origin &&
    url.pathname === shareTargetPath
  ) {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method !== 'GET' || url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === 'navigate' && isPage(url.pathname)) {
    event.respondWith(navigate(event, url));
  } else if (isStaticAsset(url.pathname) && !request.headers.has('range')) {
    event.respondWith(staticAsset(event));
  }
});
