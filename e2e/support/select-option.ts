import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { animationsFinished } from '../../browser-kit/animations.ts';

/**
 * Picks `option` in the select (MUI's listbox menu) named `name`, once the menu has finished growing: on a
 * loaded machine a click during the animation lands on the option that then moves under the pointer.
 */
export async function chooseOption(page: Page, name: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await animationsFinished(page);
  await page.getByRole('option', { name: option, exact: true }).click();
}
