import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { grantConsoleAdmin } from '../support/console-admin';
import { apiHeaders, createShare, newTextFile, tokenOf } from '../support/drive-seed';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The operator console (/admin): the first admin comes from the operators' command, the console
 * asks for a sign-in with two-step verification, and an admin grants a role that the audit log
 * then shows and exports, and finds every section fitting a tablet's width; an admin takes a share
 * a rights holder reported down from the moderation queue, which the visitor's page of the link
 * and the sharer's list of links show, keeps two spam reports in one decision from the keyboard
 * and undoes it, narrows the queue to blocked shares, blocks the sharer (whose open session
 * ends), and mints a batch of activation codes, one of which a member (the admin) redeems: the
 * batch counts it and the dashboard counts a conversion more; an admin renames a product of the
 * purchase catalogue, which the purchase page shows at once, reverts the change from the
 * settings' history, stores a site redirect that pages follow within seconds, puts up an
 * announcement that pages in its languages show and takes it down, sees who claimed a
 * compensation and creates one with the compensation form.
 */

/** Runs the operators' `admin` command against the database of the running server. */
function adminCommand(...argv: string[]): string {
  return execFileSync('node', ['apps/server/dist/admin.js', ...argv], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, DATA_DIR: process.env.NIMBUS_E2E_DATA_DIR ?? '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

test('an admin made by the command steps up with two-step verification, grants a role and finds it in the audit log', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const password = 'console horse 42';
  const helper = newEmail();
  await signUpInEnglish(page, helper, password);
  await context.clearCookies();
  await page.evaluate(() => window.localStorage.clear());

  const admin = newEmail();
  await signUpInEnglish(page, admin, password);
  adminCommand('grant', admin, 'admin');

  // Without a two-step sign-in the console says what to do instead of opening.
  await page.goto('/admin');
  const gate = page.getByTestId('console-gate');
  await expect(
    gate.getByRole('heading', { name: 'Sign in again with two-step verification' }),
  ).toBeVisible();

  // Two-step verification on, then the console's "Sign in again" comes back to it.
  await page.goto('/drive/account');
  await page.getByTestId('two-factor-turn-on').click();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  await page.locator('input[name=two_factor_code]').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveAttribute('data-enabled', 'true');

  await page.goto('/admin');
  await gate.getByRole('button', { name: 'Sign in again' }).click();
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(admin);
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(panel).toHaveAttribute('data-step', 'two-factor');
  await panel
    .locator('input[name=two_factor_code]')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('console-me')).toContainText(`Signed in as ${admin} (Admin).`);

  // Grant a role with a reason.
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await nav.getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: "Member's email" }).fill(helper);
  await page.getByRole('combobox', { name: 'Role' }).selectOption('support');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Answers the help desk');
  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByTestId('form-success')).toHaveText(`${helper} is now Support.`);
  await expect(page.getByTestId('role-holders')).toContainText(helper);

  // The audit log shows the grant, and its CSV export has it too.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'Answers the help desk' })).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Action' }).fill('roles.grant');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows.first()).toContainText('roles.grant');
  const exportHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(exportHref).toContain('action=roles.grant');
  const csv = await page.request.get(exportHref ?? '');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Answers the help desk');

  // The dashboard counts today's sign-ups (the two above at least) and draws them; the system
  // page lists this server among the nodes seen lately.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('figure-sign-ups').locator('dd')).toHaveText(/^[2-9]|\d{2,}/);
  await expect(page.getByTestId('dashboard-chart').first().locator('canvas')).toBeVisible();
  await nav.getByRole('link', { name: 'System' }).click();
  await expect(page.getByTestId('system-nodes')).toContainText('Server');
  await expect(page.getByTestId('system-blobs').locator('dd').first()).toHaveText(/^\d/);

  // On a tablet held upright every section fits the screen's width: nothing scrolls sideways.
  await page.setViewportSize({ width: 768, height: 1024 });
  for (const section of ['Moderation', 'Members', 'Activation codes', 'Settings', 'Audit log']) {
    await nav.getByRole('link', { name: section }).click();
    await expect(page.getByRole('heading', { name: section, level: 1 })).toBeVisible();
    await expect(async () => {
      const width = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(width[0], section).toBeLessThanOrEqual(width[1] ?? 0);
    }).toPass();
  }
});

test('an admin takes a reported share down, which its visitor and sharer see, blocks the sharer, and mints codes of which one is redeemed and counted as a conversion', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const password = 'console moderator 7';
  // The sharer stays signed in in a browser of their own.
  const sharer = newEmail();
  const sharerContext = await browser.newContext();
  const sharerPage = await sharerContext.newPage();
  await signUpInEnglish(sharerPage, sharer, password);
  const sharerToken = await tokenOf(baseURL ?? '', sharer, password);
  const fileId = await newTextFile(page.request, sharerToken, '', 'reported-notes.txt');
  const { share_id: shareId } = await createShare(page.request, sharerToken, [fileId]);
  // The rights holder reports it with the copyright policy's takedown request form.
  await page.goto('/policy/copyright-Infringement');
  const takedown = page.getByTestId('takedown-form');
  await takedown.getByLabel('Shared link').fill(`${baseURL ?? ''}/s/${shareId}`);
  await takedown.getByLabel('Your full name').fill('Rita Holder');
  await takedown.getByLabel('Your email address').fill('rita@example.com');
  await takedown.getByLabel('The work you hold the rights to').fill('stolen notes of my course');
  await takedown.getByRole('checkbox').check();
  await takedown.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('takedown-sent')).toContainText('rita@example.com');
  // Two more links to the file, reported as spam by a visitor through the API.
  const spam: string[] = [];
  for (let at = 0; at < 2; at += 1) {
    const { share_id: id } = await createShare(page.request, sharerToken, [fileId]);
    const report = await page.request.post('/audit.admin/v1/share', {
      data: { share_id: id, reason: 'spam' },
    });
    expect(report.ok()).toBe(true);
    spam.push(id);
  }

  const admin = newEmail();
  await signUpInEnglish(page, admin, password);
  const me = await page.request.get('/v1/user/me', {
    headers: apiHeaders(await tokenOf(baseURL ?? '', admin, password)),
  });
  grantConsoleAdmin(((await me.json()) as { sub: string }).sub);

  // The queue shows the reported share; a takedown asks for the reason shown and the operator's own.
  await page.goto('/admin/moderation');
  const entry = page.locator(`[data-testid=queue-entry][data-share-id="${shareId}"]`);
  await expect(entry).toContainText('stolen notes');
  await entry.getByRole('button', { name: 'Take down' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog
    .getByRole('combobox', { name: 'Reason shown to the sharer' })
    .selectOption('copyright');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Copied course notes');
  await dialog.getByRole('button', { name: 'Take down' }).click();
  await expect(page.getByTestId('form-success')).toContainText('Take down: 1 share decided.');
  await expect(entry).toHaveCount(0);

  // The spam reports are kept in one decision from the keyboard (a click focuses an entry, x
  // selects it, o keeps the selected ones), and the message's Undo puts both back in the queue.
  const spamEntries = spam.map((id) =>
    page.locator(`[data-testid=queue-entry][data-share-id="${id}"]`),
  );
  for (const spamEntry of spamEntries) {
    await spamEntry.getByText('reported-notes.txt').click();
    await expect(spamEntry).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('x');
    await expect(spamEntry.getByRole('checkbox')).toBeChecked();
  }
  await expect(page.getByTestId('bulk-bar')).toContainText('2 shares selected');
  await page.keyboard.press('o');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Not spam');
  await dialog.getByRole('button', { name: 'Keep' }).click();
  const decided = page.getByTestId('form-success');
  await expect(decided).toContainText('Keep: 2 shares decided.');
  for (const spamEntry of spamEntries) {
    await expect(spamEntry).toHaveCount(0);
  }
  await decided.getByRole('button', { name: 'Undo' }).click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Kept too soon');
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(decided).toHaveText('The decision is undone.');
  for (const spamEntry of spamEntries) {
    await expect(spamEntry).toBeVisible();
  }
  // Narrowed to blocked shares, decided or not, the queue has the one taken down and no spam.
  await page.getByRole('combobox', { name: 'Show' }).selectOption('all');
  await page.getByRole('combobox', { name: 'Share state' }).selectOption('PROHIBITED');
  await expect(entry).toBeVisible();
  for (const spamEntry of spamEntries) {
    await expect(spamEntry).toHaveCount(0);
  }

  // A visitor's page of the link says it is blocked; the sharer's list says why.
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(`/s/${shareId}`);
  const status = visitorPage.getByTestId('share-status');
  await expect(status).toHaveAttribute('data-status', 'PROHIBITED');
  await expect(status.getByRole('heading', { level: 1 })).toHaveText('This share has been blocked');
  await visitorContext.close();
  await sharerPage.goto('/drive/shares');
  const sharedRow = sharerPage.getByRole('row', { name: /reported-notes\.txt/ });
  await expect(sharedRow.getByText('Moderation: Copyright infringement')).toBeVisible();
  await expect(sharedRow.getByRole('cell', { name: 'Blocked' })).toBeVisible();

  // The admin blocks the sharer from their page in the console: their open session ends.
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await nav.getByRole('link', { name: 'Members' }).click();
  await page.getByRole('textbox', { name: 'Email starts with' }).fill(sharer);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('members').getByRole('link', { name: sharer }).click();
  const memberPage = page.getByTestId('member-page');
  await expect(memberPage.getByTestId('member-status')).toHaveText('Active');
  await memberPage.getByRole('button', { name: 'Block' }).click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Shares stolen course notes');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(memberPage.getByTestId('form-success')).toHaveText(
    'The member is blocked and signed out everywhere.',
  );
  await expect(memberPage.getByTestId('member-status')).toHaveText('Blocked');
  const refused = await sharerPage.request.get('/v1/user/me', {
    headers: apiHeaders(sharerToken),
  });
  expect(refused.status()).toBe(401);
  await sharerContext.close();

  // The dashboard's conversions of the week before a code is redeemed (other tests may add some).
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: '7 days' }).click();
  const conversions = page.getByTestId('figure-conversions').locator('dd');
  await expect(conversions).toHaveText(/^\d+$/);
  const conversionsBefore = Number(await conversions.textContent());

  // Ten codes minted with a note, shown once, listed and exported as CSV.
  await nav.getByRole('link', { name: 'Activation codes' }).click();
  const mint = page.getByRole('form', { name: 'Mint a batch' });
  await mint.getByRole('spinbutton', { name: 'Number of codes' }).fill('10');
  await mint.getByRole('textbox', { name: 'Note' }).fill('Spring fair');
  await mint.getByRole('textbox', { name: 'Reason' }).fill('Codes for the fair stand');
  await mint.getByRole('button', { name: 'Mint codes' }).click();
  await expect(page.getByTestId('form-success')).toContainText('10 codes minted.');
  const codes = ((await page.getByTestId('minted-codes').inputValue()) ?? '').split('\n');
  expect(codes).toHaveLength(10);
  const batch = page.getByTestId('batch').filter({ hasText: 'Spring fair' });
  await expect(batch).toContainText('10 codes · 0 redeemed');
  const href = await batch.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await page.request.get(href ?? '');
  expect(csv.status()).toBe(200);
  expect((await csv.text()).trim().split('\n')).toHaveLength(11);

  // A member, the admin here, redeems one of them on their account page.
  await page.goto('/drive/account');
  const membership = page.getByTestId('membership-panel');
  await membership.getByRole('textbox', { name: 'Activation code' }).fill(codes[0] ?? '');
  await membership.getByRole('button', { name: 'Activate' }).click();
  await expect(membership.getByTestId('form-success')).toContainText('30 days of premium added');

  // The batch counts the redemption, and the dashboard the conversion.
  await page.goto('/admin/codes');
  await expect(batch).toContainText('10 codes · 1 redeemed');
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(async () => {
    expect(Number(await conversions.textContent())).toBeGreaterThanOrEqual(conversionsBefore + 1);
  }).toPass();
});

test('an admin renames a product of the catalogue, the purchase page shows it at once, the history reverts it, a stored redirect is followed, an announcement shows in its languages, the claimer of a compensation is listed and a compensation is created with its form', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const password = 'console catalogue 9';
  const admin = newEmail();
  await signUpInEnglish(page, admin, password);
  const me = await page.request.get('/v1/user/me', {
    headers: apiHeaders(await tokenOf(baseURL ?? '', admin, password)),
  });
  grantConsoleAdmin(((await me.json()) as { sub: string }).sub);

  // The yearly plan gets a name of the operator's own; the other tests' cards stay as they are.
  await page.goto('/admin/settings');
  const setting = page.getByTestId('setting-external_products.products');
  const field = setting.getByRole('textbox', { name: 'Purchase catalogue' });
  await expect(field).toHaveValue(/premium-365/);
  const products = JSON.parse(await field.inputValue()) as { id: string; name: string }[];
  const renamed = products.map((product) =>
    product.id === 'premium-365' ? { ...product, name: 'Spring year' } : product,
  );
  await field.fill(JSON.stringify(renamed));
  await setting.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spring sale');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-success')).toContainText('Saved.');
  const change = page.getByTestId('setting-history').getByRole('listitem').first();
  await expect(change).toContainText('Spring sale');
  await expect(change).toContainText('"name": "Spring year"');

  await page.goto('/drive/payment');
  await expect(page.getByTestId('product-card').filter({ hasText: 'Spring year' })).toHaveCount(1);

  await page.goto('/admin/settings');
  await change.getByRole('button', { name: 'Revert' }).click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Sale over');
  await dialog.getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByTestId('form-success')).toContainText('Reverted.');
  // Nothing was stored before: the configured catalogue is in force again.
  await expect(setting).toContainText('From configuration');
  await expect(setting.getByRole('textbox', { name: 'Purchase catalogue' })).not.toHaveValue(
    /Spring year/,
  );

  // A redirect stored in the console is in force on every page request within seconds.
  const redirects = page.getByTestId('setting-basic.site_redirects');
  await redirects
    .getByRole('textbox', { name: 'Site redirects' })
    .fill(JSON.stringify([{ source: '/console-moved', destination: '/faq' }]));
  await redirects.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Page moved');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-success')).toContainText('Saved.');
  await expect(async () => {
    await page.goto('/console-moved');
    expect(new URL(page.url()).pathname).toMatch(/\/faq$/);
  }).toPass({ timeout: 15_000 });

  // An announcement written for Ukrainian and Malay readers is on their pages within seconds,
  // and on none in another language; reverting it from the history takes it down.
  await page.goto('/admin/settings');
  const announcement = page.getByTestId('setting-basic.announcement');
  const texts = { uk: 'Сьогодні ввечері технічні роботи', ms: 'Penyelenggaraan malam ini' };
  for (const [locale, text] of Object.entries(texts)) {
    await announcement.getByTestId(`announcement-${locale}`).fill(text);
  }
  await announcement.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Maintenance tonight');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-success')).toContainText('Saved.');
  // A visitor's browser of its own: the admin's keeps its language.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const banner = visitor.getByTestId('announcement');
  for (const [locale, text] of Object.entries(texts)) {
    await expect(async () => {
      await visitor.goto(`/${locale}/help`);
      await expect(banner).toContainText(text, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }
  await visitor.goto('/ko/help');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await visitorContext.close();
  await page.goto('/admin/settings');
  await page
    .getByTestId('setting-history')
    .getByRole('listitem')
    .filter({ hasText: 'Maintenance tonight' })
    .getByRole('button', { name: 'Revert' })
    .click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Maintenance over');
  await dialog.getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByTestId('form-success')).toContainText('Reverted.');

  // The admin claims the site's compensation as a member; the console lists them as a claimer.
  const claimed = await page.request.post('/vip/v1/activity/compensate', {
    headers: apiHeaders(await tokenOf(baseURL ?? '', admin, password)),
    data: { type: 'e2e_outage', data: { from: 'web' } },
  });
  expect(claimed.ok()).toBe(true);
  await page.goto('/admin/settings');
  const compensation = page
    .getByTestId('compensations')
    .getByRole('listitem')
    .filter({ hasText: 'e2e_outage' });
  await compensation.getByRole('button', { name: 'Show claims' }).click();
  await expect(compensation.getByRole('table')).toContainText(admin);

  // A compensation made with the form, from the keyboard: a type the schema refuses is named on
  // its field before anything is sent; the one created is listed among those in force.
  const form = page.getByRole('form', { name: 'New compensation' });
  const type = form.getByRole('textbox', { name: 'Type' });
  await type.fill('Spring outage');
  await type.press('Enter');
  await expect(type).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Use 1 to 64 lowercase letters, digits or underscores.');
  await type.fill('e2e_spring_outage');
  await form.getByRole('spinbutton', { name: 'Premium days' }).fill('14');
  await form.getByLabel('For members who signed up before').fill('2030-01-01T00:00');
  await form.getByLabel('Can be claimed until').fill('2030-02-01T00:00');
  await form.getByLabel('Can be claimed until').press('Enter');
  await expect(dialog).toContainText('14 premium days for members who signed up before');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spring outage');
  await dialog.getByRole('textbox', { name: 'Reason' }).press('Enter');
  await expect(page.getByTestId('form-success')).toContainText('Saved.');
  await expect(type).toHaveValue('');
  await expect(
    page
      .getByTestId('compensations')
      .getByRole('listitem')
      .filter({ hasText: 'e2e_spring_outage' }),
  ).toContainText('14 premium days');
});
