import { expect, test, type Locator } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/** Whether a heading shows its whole text (nothing cut off by an ellipsis). */
async function isWhole(heading: Locator): Promise<boolean> {
  return heading.evaluate((element) => element.scrollWidth <= element.clientWidth);
}

test('the drive heading keeps its words beside the toolbar in Japanese and Russian, on a laptop and a phone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpInEnglish(page, newEmail(), 'layout horse 42');
  for (const size of [
    { width: 1366, height: 850 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const locale of ['ja', 'ru']) {
      await page.goto(`/${locale}/drive/all`);
      const heading = page.getByTestId('breadcrumbs').locator('h1');
      await expect(heading).toBeVisible();
      expect(await isWhole(heading), `${locale} at ${size.width} px`).toBe(true);
      await page.goto(`/${locale}/drive/trash`);
      const section = page.locator('main h1').first();
      await expect(section).toBeVisible();
      expect(await isWhole(section), `${locale} trash at ${size.width} px`).toBe(true);
    }
  }
});
