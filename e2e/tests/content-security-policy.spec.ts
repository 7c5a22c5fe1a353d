import type { Page, Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { createShare, newTextFile, tokenOf } from '../support/drive-seed';
import { memberPassword, signUpMember } from '../support/members';

/*
 * The site's Content-Security-Policy: every page allows scripts by a nonce made for that
 * response only (and what those scripts load: 'strict-dynamic'), no plugins and no `<base>`,
 * and keeps its framing rule; Next's scripts and the theme's inline script carry the nonce, so
 * pages run without a single violation.
 */

/** Collects the page's CSP violations, from the DOM event and from Chromium's console. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) {
      violations.push(message.text());
    }
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  void page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (
        window as unknown as { reportCspViolation: (text: string) => Promise<void> }
      ).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

/** The nonce of the page's policy, after checking the rest of the policy. */
function checkedNonce(response: Response | null, allowEval: boolean): string {
  const policy = response?.headers()['content-security-policy'] ?? '';
  const directives = policy.split(';').map((directive) => directive.trim());
  const scriptSrc = directives.find((directive) => directive.startsWith('script-src ')) ?? '';
  const nonce = /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(scriptSrc)?.[1] ?? '';
  expect(nonce, policy).not.toBe('');
  expect(scriptSrc).toContain("'strict-dynamic'");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc.includes("'unsafe-eval'")).toBe(allowEval);
  expect(directives).toContain("object-src 'none'");
  expect(directives).toContain("base-uri 'none'");
  expect(directives).toContain("frame-ancestors 'self'");
  return nonce;
}

/**
 * Opens `path`, checks the policy and that every script of the HTML that the browser would run
 * carries its nonce (data blocks such as JSON-LD are not run); answers the nonce.
 */
async function openChecked(page: Page, path: string, allowEval = false): Promise<string> {
  const response = await page.goto(path);
  expect(response?.ok()).toBe(true);
  const nonce = checkedNonce(response, allowEval);
  const html = (await response?.text()) ?? '';
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
  const runnable = scripts.filter(
    (attributes) => !/type="application\/(?:ld\+)?json"/.test(attributes),
  );
  expect(runnable.length).toBeGreaterThan(0);
  for (const attributes of runnable) {
    expect(attributes).toContain(`nonce="${nonce}"`);
  }
  // The scripts ran: the theme's inline script set the theme, React hydrated the header.
  await expect(page.locator('html')).toHaveClass(/\b(light|dark)\b/);
  return nonce;
}

test('site pages allow only their own nonce-bearing scripts and run without violations', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const violations = watchViolations(page);

  const first = await openChecked(page, '/');
  expect(await openChecked(page, '/')).not.toBe(first);

  // A blog post: its JSON-LD is a data block, not a script the policy has to allow.
  await openChecked(page, '/blog/offline-downloads');
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

  const member = await signUpMember(page);
  await openChecked(page, '/drive/all');
  await expect(page.getByTestId('account-button')).toBeVisible({ timeout: 15_000 });

  const token = await tokenOf(baseURL ?? '', member.email, memberPassword);
  const fileId = await newTextFile(request, token, '', 'csp-shared.txt');
  const share = await createShare(request, token, [fileId]);
  await openChecked(page, `/s/${share.share_id}`);
  await expect(page.getByText('csp-shared.txt').first()).toBeVisible({ timeout: 15_000 });

  // The embedding rule stays: an allowed parent named by ?origin= may frame the page.
  const embedder = process.env.NIMBUS_E2E_EMBEDDER_ORIGIN ?? '';
  const embedded = await page.request.get(`/faq?origin=${encodeURIComponent(embedder)}`);
  expect(embedded.headers()['content-security-policy']).toContain(
    `frame-ancestors 'self' ${embedder}`,
  );

  expect(violations).toEqual([]);
});

test('the debug console, loaded on demand, runs under the policy', async ({ page }) => {
  const violations = watchViolations(page);
  // The e2e server allows the console (DEBUG_CONSOLE): a page opened with the debug flag lets
  // scripts use eval, which the console's command line needs; the flag alone does not.
  await openChecked(page, '/faq?nimbus_debug=1', true);
  await page.getByRole('heading', { level: 1 }).click();
  for (let index = 0; index < 4; index += 1) {
    await page.mouse.down();
    await page.mouse.up();
  }
  const toggle = page.getByTestId('debug-console-toggle');
  await toggle.click();
  await expect(page.getByTestId('debug-console-panel')).toBeVisible();
  expect(violations).toEqual([]);
  await openChecked(page, '/faq?nimbus_debug=0');
});
