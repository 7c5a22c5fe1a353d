import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locale } from '@nimbus/contracts';
import type { Challenge } from 'altcha-lib';

/** The texts of the challenge page. */
interface ChallengeTexts {
  title: string;
  working: string;
  verified: string;
  failed: string;
  noscript: string;
}

const texts: Readonly<Record<Locale, ChallengeTexts>> = {
  'en-US': {
    title: 'Security check',
    working: 'Checking your browser. This takes a few seconds…',
    verified: 'Verified. Returning…',
    failed: 'The check did not succeed. Close this window and try again.',
    noscript: 'Turn on JavaScript to complete the security check.',
  },
  es: {
    title: 'Control de seguridad',
    working: 'Comprobando tu navegador. Esto tarda unos segundos…',
    verified: 'Verificado. Volviendo…',
    failed: 'La comprobación no se completó. Cierra esta ventana e inténtalo de nuevo.',
    noscript: 'Activa JavaScript para completar el control de seguridad.',
  },
  id: {
    title: 'Pemeriksaan keamanan',
    working: 'Memeriksa browser Anda. Ini memerlukan beberapa detik…',
    verified: 'Terverifikasi. Kembali…',
    failed: 'Pemeriksaan tidak berhasil. Tutup jendela ini dan coba lagi.',
    noscript: 'Aktifkan JavaScript untuk menyelesaikan pemeriksaan keamanan.',
  },
  ja: {
    title: 'セキュリティチェック',
    working: 'ブラウザを確認しています。数秒かかります…',
    verified: '確認できました。戻っています…',
    failed: '確認できませんでした。このウィンドウを閉じて、もう一度お試しください。',
    noscript: 'セキュリティチェックを完了するには JavaScript を有効にしてください。',
  },
  ko: {
    title: '보안 확인',
    working: '브라우저를 확인하는 중입니다. 몇 초 정도 걸립니다…',
    verified: '확인되었습니다. 돌아가는 중…',
    failed: '확인에 실패했습니다. 이 창을 닫고 다시 시도해 주세요.',
    noscript: '보안 확인을 완료하려면 JavaScript를 켜 주세요.',
  },
  ms: {
    title: 'Semakan keselamatan',
    working: 'Menyemak pelayar anda. Ini mengambil masa beberapa saat…',
    verified: 'Disahkan. Sedang kembali…',
    failed: 'Semakan tidak berjaya. Tutup tetingkap ini dan cuba lagi.',
    noscript: 'Hidupkan JavaScript untuk melengkapkan semakan keselamatan.',
  },
  pt: {
    title: 'Verificação de segurança',
    working: 'Verificando o seu navegador. Isso leva alguns segundos…',
    verified: 'Verificado. Voltando…',
    failed: 'A verificação não foi concluída. Feche esta janela e tente novamente.',
    noscript: 'Ative o JavaScript para concluir a verificação de segurança.',
  },
  ru: {
    title: 'Проверка безопасности',
    working: 'Проверяем ваш браузер. Это займёт несколько секунд…',
    verified: 'Проверка пройдена. Возвращаемся…',
    failed: 'Проверка не удалась. Закройте это окно и попробуйте ещё раз.',
    noscript: 'Включите JavaScript, чтобы пройти проверку безопасности.',
  },
  uk: {
    title: 'Перевірка безпеки',
    working: 'Перевіряємо ваш браузер. Це займе кілька секунд…',
    verified: 'Перевірку пройдено. Повертаємося…',
    failed: 'Перевірка не вдалася. Закрийте це вікно та спробуйте ще раз.',
    noscript: 'Увімкніть JavaScript, щоб пройти перевірку безпеки.',
  },
  'zh-CN': {
    title: '安全验证',
    working: '正在检查您的浏览器，需要几秒钟…',
    verified: '验证成功，正在返回…',
    failed: '验证未通过。请关闭此窗口后重试。',
    noscript: '请启用 JavaScript 以完成安全验证。',
  },
  'zh-TW': {
    title: '安全驗證',
    working: '正在檢查您的瀏覽器，需要幾秒鐘…',
    verified: '驗證成功，正在返回…',
    failed: '驗證未通過。請關閉此視窗後再試一次。',
    noscript: '請啟用 JavaScript 以完成安全驗證。',
  },
};

/** The page's texts in a locale. */
export function challengeTexts(locale: Locale): ChallengeTexts {
  return texts[locale];
}

/** Where the page script and the solver's modules are served. */
export const challengeAssetsPath = '/v1/shield/challenge/assets';

/**
 * The page script: solves the challenge with altcha-lib's own solver and WebCrypto, trades the
 * solution for a captcha token, and sends the browser to `redirect_uri` with `captcha_token`,
 * `expires_in` and `state`. Loaded from our origin, so the strict CSP (`script-src 'self'`) holds.
 */
const pageScript = `import { solveChallenge } from './pow.js';
import { deriveKey } from './algorithms/web/sha.js';

const data = JSON.parse(document.getElementById('nimbus-challenge').textContent);
const status = document.getElementById('status');
function show(state) {
  status.textContent = data.texts[state];
  document.body.dataset.state = state;
}
try {
  const solution = await solveChallenge({ challenge: data.challenge, deriveKey, timeout: 120000 });
  if (!solution) {
    throw new Error('timeout');
  }
  const response = await fetch(data.solve_url, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json', 'accept-language': document.documentElement.lang },
    body: JSON.stringify({ challenge_id: data.id, counter: solution.counter, derived_key: solution.derivedKey }),
  });
  const body = await response.json();
  if (!response.ok || typeof body.captcha_token !== 'string') {
    throw new Error(String(body.error));
  }
  show('verified');
  const target = new URL(data.redirect_uri);
  target.searchParams.set('captcha_token', body.captcha_token);
  target.searchParams.set('expires_in', String(body.expires_in));
  target.searchParams.set('state', data.state);
  window.location.replace(target.toString());
} catch {
  show('failed');
}
`;

/** The altcha-lib modules the page imports, relative to its browser build. */
const libraryFiles = ['pow.js', 'helpers.js', 'types.js', 'algorithms/web/sha.js'] as const;

let assets: Map<string, string> | undefined;

/** The page script and the solver's modules by file name, read once. */
export function challengeAssets(): ReadonlyMap<string, string> {
  if (!assets) {
    // The package exports its CommonJS and ES builds side by side; the browser needs the ES one.
    const entry = createRequire(import.meta.url).resolve('altcha-lib');
    const esmDir = path.join(path.dirname(entry), '..', '..', 'esm', 'v2');
    assets = new Map<string, string>([['page.js', pageScript]]);
    for (const file of libraryFiles) {
      assets.set(file, fs.readFileSync(path.join(esmDir, file), 'utf8'));
    }
  }
  return assets;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** JSON that is safe inside a `<script type="application/json">` block. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/**
 * The challenge page: small, self-contained (no third-party script, font or image), sized for the
 * 320x430 modal and fluid on small screens. The challenge travels in a JSON data block, which
 * the CSP does not treat as script.
 */
export function renderChallengePage(input: {
  locale: Locale;
  id: string;
  challenge: Challenge;
  redirectUri: string;
  state: string;
}): string {
  const t = challengeTexts(input.locale);
  const data = {
    id: input.id,
    challenge: input.challenge,
    redirect_uri: input.redirectUri,
    state: input.state,
    solve_url: '/v1/shield/challenge/solve',
    texts: { verified: t.verified, failed: t.failed },
  };
  return `<!doctype html>
<html lang="${escapeHtml(input.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<style>
html,body{margin:0;height:100%}
body{display:flex;align-items:center;justify-content:center;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2329;background:#fff}
main{box-sizing:border-box;width:100%;max-width:320px;min-height:min(430px,100%);padding:32px 24px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:20px;text-align:center}
h1{font-size:18px;margin:0}
.spinner{width:40px;height:40px;border-radius:50%;border:4px solid #e5e6eb;border-top-color:#3370ff;animation:spin 1s linear infinite}
body[data-state=verified] .spinner{animation:none;border-color:#34c759}
body[data-state=failed] .spinner{animation:none;border-color:#f54a45}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-color-scheme:dark){body{color:#e5e6eb;background:#1f1f1f}.spinner{border-color:#3a3a3a;border-top-color:#5b8cff}}
@media (prefers-reduced-motion:reduce){.spinner{animation-duration:3s}}
</style>
</head>
<body data-state="working">
<main>
<h1>${escapeHtml(t.title)}</h1>
<div class="spinner" aria-hidden="true"></div>
<p id="status" role="status" aria-live="polite">${escapeHtml(t.working)}</p>
<noscript><p>${escapeHtml(t.noscript)}</p></noscript>
</main>
<script type="application/json" id="nimbus-challenge">${scriptJson(data)}</script>
<script type="module" src="${challengeAssetsPath}/page.js"></script>
</body>
</html>
`;
}
