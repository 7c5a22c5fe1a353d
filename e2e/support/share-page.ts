import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Waits for a share page's list to take input: the list the server rendered is inert until it
 * has hydrated, and a tap on a check box before then would pick nothing.
 */
export async function shareReady(page: Page): Promise<void> {
  await expect(page.getByTestId('share-files')).toBeVisible();
  await expect(page.getByTestId('share-files')).not.toHaveAttribute('inert');
}
