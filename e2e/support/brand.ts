import { expect, type Locator, type Page } from '@playwright/test';
import { openAccountMenu } from './company.ts';

/**
 * Opens the account menu of a Kestrel Eye page, checks its Help link goes to Kestrel's support, opens About and
 * checks Kestrel's copyright: the dialog, still open.
 */
export async function expectKestrelHelpAndAbout(page: Page): Promise<Locator> {
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem', { name: /^Help/ })).toHaveAttribute(
    'href',
    'https://support.kestreleye.example/partners',
  );
  await menu.getByRole('menuitem', { name: 'About' }).click();
  const about = page.getByRole('dialog', { name: 'Kestrel Eye Partner Center' });
  await expect(about).toContainText('© 2025 Kestrel Eye Ltd.');
  return about;
}
