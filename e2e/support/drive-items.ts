import type { Locator, Page } from '@playwright/test';

/** An item of the drive's listing (a row or a tile), found by its name. */
export function item(page: Page, name: string): Locator {
  return page.locator(`[data-testid=drive-item][data-name="${name}"]`);
}
