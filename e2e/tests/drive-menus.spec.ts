import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * The drive's menus load their code on first use (the first screen does without it): the first
 * right click, the first press on a menu button and the first Enter on a focused one open the
 * menu, also while its code is still on its way, and the focus goes into the menu and back.
 */

/** Whether the focus is inside the open menu. */
function focusInMenu(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('[role=menu]') instanceof Element);
}

test('the menus open on the first right click and key press, before their code arrives', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'drive menus 42');
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog').getByLabel('Folder name').fill('Alpha');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(item(page, 'Alpha')).toBeVisible();

  // A fresh page whose scripts, once it is up, take a while to come: the menus' code is still
  // on its way when they are first asked for.
  let slow = false;
  await page.route('**/_next/static/chunks/**', async (route) => {
    if (slow) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await route.continue();
  });
  await page.reload();
  const listing = page.getByTestId('drive-listing');
  await expect(item(page, 'Alpha')).toBeVisible();
  slow = true;

  // The first right click on an item opens its context menu; Escape gives the focus back.
  await item(page, 'Alpha').click({ button: 'right' });
  const menu = page.getByTestId('item-menu');
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await expect.poll(() => focusInMenu(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(listing).toBeFocused();

  // From the keyboard, the context menu key on the listing opens the listing's own menu.
  await listing.press('ContextMenu');
  await expect(menu.getByRole('menuitem', { name: 'New folder' })).toBeVisible();
  await expect.poll(() => focusInMenu(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(listing).toBeFocused();

  // The first Enter on the focused sort button opens the menu with the focus in it.
  const sort = page.getByRole('button', { name: 'Sort by' });
  await sort.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: 'Name (A to Z)' })).toBeVisible();
  await expect.poll(() => focusInMenu(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(sort).toBeFocused();

  // The first click on the layout button opens its menu, and a choice in it applies.
  await page.getByRole('button', { name: 'Layout' }).click();
  await page.getByRole('menuitemradio', { name: 'Grid' }).click();
  await expect(listing).toHaveAttribute('data-view', 'grid');

  // The first press on an item's "more" button opens its menu next to it.
  await item(page, 'Alpha').hover();
  await item(page, 'Alpha').getByTestId('item-more').click();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(item(page, 'Alpha').getByTestId('item-more')).toBeFocused();
});
