import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The drive's sections on a phone (390×844): no tab strip to side-scroll, but a menu button in
 * the drive's header that opens them in a drawer (a labelled dialog that keeps the focus,
 * closes on Escape and when a section is chosen).
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a phone the drive’s sections open in a drawer from the header’s menu button', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'drawer horse 42');
  await expect(page).toHaveURL(/\/drive\/all$/);
  await expect(page.getByTestId('drive-listing')).toBeVisible();

  // No strip of sections on the page, and nothing wider than the screen.
  await expect(page.getByRole('navigation', { name: 'Drive' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Trash' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const button = page.getByRole('button', { name: 'Drive menu: My files' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.tap();
  const drawer = page.getByRole('dialog', { name: 'Drive menu' });
  await expect(drawer).toBeVisible();
  // While the drawer is open, the page behind it is hidden from assistive technology.
  const trigger = page.getByTestId('drive-menu-button');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(button).toHaveCount(0);
  const box = await drawer.boundingBox();
  expect(box?.x).toBe(0);
  expect(box?.height).toBe(844);
  const nav = drawer.getByRole('navigation', { name: 'Drive' });
  await expect(nav.getByRole('link')).toHaveText([
    'My files',
    'Recent',
    'Starred',
    'Shared links',
    'Offline downloads',
    'Trash',
  ]);
  await expect(nav.getByRole('link', { name: 'My files' })).toHaveAttribute('aria-current', 'page');
  await expect(drawer.getByTestId('storage-meter')).toBeVisible();

  // The focus stays in the drawer however far it moves; Escape closes it and gives it back.
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();

  // Choosing a section goes there and closes the drawer; the button names the section shown.
  await button.tap();
  await drawer.getByRole('link', { name: 'Starred' }).tap();
  await expect(page).toHaveURL(/\/drive\/starred$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('drive-empty')).toContainText('No starred items');
  const starred = page.getByRole('button', { name: 'Drive menu: Starred' });
  await starred.tap();
  await drawer.getByRole('link', { name: 'Trash' }).tap();
  await expect(page).toHaveURL(/\/drive\/trash$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Drive menu: Trash' })).toBeVisible();

  // The close button closes it too.
  await page.getByRole('button', { name: 'Drive menu: Trash' }).tap();
  await drawer.getByRole('button', { name: 'Close the drive menu' }).tap();
  await expect(drawer).toBeHidden();
});
