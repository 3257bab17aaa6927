import { sessionTokenFor } from '../support/api.ts';
import { closeMenu, memberRow, openAccountMenu, openMyCompany, roleTagIn } from '../support/company.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { signIn, signInAs } from '../support/sign-in.ts';

// Each sign-in runs SRP in the browser; on a shared machine that takes seconds.
const expect = slowJourney(180_000);

test('the account menu: who is signed in, the entries in order, brand links in new tabs; About', async ({
  page,
  request,
  company,
  memberBrowser,
}) => {
  const { owner } = company;
  await signInAs(page, owner);
  const menu = await openAccountMenu(page);
  await expect(menu.getByTestId('account-menu-name')).toHaveText(owner.name);
  await expect(menu).toContainText(owner.email);
  await expect(roleTagIn(menu)).toHaveText('Owner');
  await expect(roleTagIn(menu)).toHaveClass(/MuiChip-colorInfo/);
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Profile settings',
    'Appearance',
    'About',
    /^Instructional videos/,
    /^Help/,
    'Log Out',
  ]);
  // Log Out comes after a divider.
  await expect(menu.locator('hr + [role="menuitem"]').last()).toHaveText('Log Out');
  const videos = menu.getByRole('menuitem', { name: /^Instructional videos/ });
  await expect(videos).toHaveAttribute('href', 'https://www.lumora.example/videos/partner-portal');
  await expect(videos).toHaveAttribute('target', '_blank');
  const help = menu.getByRole('menuitem', { name: /^Help/ });
  await expect(help).toHaveAttribute('href', 'https://help.lumora.example/partner-portal');
  await expect(help).toHaveAttribute('target', '_blank');

  await menu.getByRole('menuitem', { name: 'About' }).click();
  const about = page.getByRole('dialog', { name: 'Lumora Partner Portal' });
  const { version } = (await (await request.get('/api/config')).json()) as { version: string };
  await expect(about).toContainText(`Version ${version}`);
  await expect(about).toContainText('© 2025 Lumora Systems Inc.');
  await about.getByRole('button', { name: 'Close' }).click();
  await expect(about).toBeHidden();

  // A member's tag is green.
  const memberMenu = await openAccountMenu(memberBrowser.page);
  await expect(memberMenu.getByTestId('account-menu-name')).toHaveText(memberBrowser.member.name);
  await expect(roleTagIn(memberMenu)).toHaveText('Member');
  await expect(roleTagIn(memberMenu)).toHaveClass(/MuiChip-colorSuccess/);
});

test('the account menu in Traditional Chinese: the language saved on the profile comes back at sign-in', async ({
  members,
  page,
  request,
}) => {
  // The profile's language wins at sign-in (decision 0009), even over an English browser.
  const member = await members.createActive({ prefix: 'zh-menu' });
  const token = await sessionTokenFor(request, member.email, member.password);
  const saved = await request.patch(`/api/reseller/v1/users/${member.userId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { locale: 'zh-TW' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await useLanguage(page, 'en');
  await signIn(page, member.email, member.password);
  const menu = await openAccountMenu(page);
  await expect(roleTagIn(menu)).toHaveText('成員');
  await expect(menu.getByRole('menuitem')).toHaveText([
    '個人資料設定',
    '外觀',
    '關於',
    /^教學影片/,
    /^說明/,
    '登出',
  ]);
  await closeMenu(page);
});

test('profile settings: masked email, role badge, the name rules, leave confirmation, save', async ({
  members,
  page,
}) => {
  const member = await members.createActive({ prefix: 'profile' });
  await signIn(page, member.email, member.password);
  await openMyCompany(page);
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile settings' });
  const [local, domain] = member.email.split('@');
  await expect(dialog).toContainText(`${local?.[0]}***@${domain}`);
  await expect(dialog).not.toContainText(member.email);
  await expect(roleTagIn(dialog)).toHaveText('Member');
  const name = dialog.getByLabel('Name');
  await expect(name).toHaveValue(member.name);
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  // Unmodified: Cancel closes directly.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile settings' }).click();
  // The SPEC §5 rules: required, then the offending characters listed.
  await name.fill('');
  await expect(dialog.getByText('Required')).toBeVisible();
  await name.fill('Ann Lee&Co#1');
  await expect(dialog.getByText('Invalid characters: space & #')).toBeVisible();
  await name.fill(`Ann_${member.name}`);
  await expect(save).toBeEnabled();

  // Persistent: a click outside does nothing.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  // Modified: Cancel asks; Stay keeps the edit, Leave discards it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(leave).toContainText('Your changes will lost if you leave.');
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(name).toHaveValue(`Ann_${member.name}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(dialog).toBeHidden();
  await expect(memberRow(page, member.email)).toContainText(member.name);

  // Save: the header and the member list show the new name.
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile settings' }).click();
  await expect(name).toHaveValue(member.name);
  await name.fill(`Ann_${member.name}`);
  await save.click();
  await expect(page.getByText('Saved successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const menu = await openAccountMenu(page);
  await expect(menu.getByTestId('account-menu-name')).toHaveText(`Ann_${member.name}`);
  await closeMenu(page);
  await page.reload();
  await expect(memberRow(page, member.email)).toContainText(`Ann_${member.name}`);

  // The change-password button opens the identity feature's dialog.
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile settings' }).click();
  await dialog.getByRole('button', { name: 'Change password' }).click();
  const change = page.getByRole('dialog', { name: 'Change password' });
  await expect(change).toBeVisible();
  await expect(change.getByLabel('Current password', { exact: true })).toBeVisible();
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toBeHidden();
});

test('appearance: Save only when the choice differs; the theme follows; cancelling a change asks', async ({
  members,
  page,
}) => {
  const member = await members.createActive({ prefix: 'appearance' });
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member.email, member.password);
  await openMyCompany(page);
  const scheme = () => page.locator('html').getAttribute('data-color-scheme');
  expect(await scheme()).toBe('light');

  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Appearance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Appearance' });
  await expect(dialog.getByRole('radio', { name: 'System' })).toBeChecked();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Dark' }).check();
  await expect(save).toBeEnabled();
  await dialog.getByRole('radio', { name: 'System' }).check();
  await expect(save).toBeDisabled();
  // Unmodified: Cancel closes directly.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Appearance' }).click();
  await dialog.getByRole('radio', { name: 'Dark' }).check();
  await save.click();
  await expect(dialog).toBeHidden();
  await expect.poll(scheme).toBe('dark');
  // Kept across reloads, under the portal's key.
  await page.reload();
  await openMyCompany(page);
  await expect.poll(scheme).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('partner-portal.theme'))).toBe('dark');

  // A changed choice asks before it is dropped; Leave keeps the saved theme.
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Appearance' }).click();
  await expect(dialog.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Light' }).check();
  await page.keyboard.press('Escape');
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(scheme).toBe('dark');

  // System follows the operating system live.
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Appearance' }).click();
  await dialog.getByRole('radio', { name: 'System' }).check();
  await save.click();
  await expect.poll(scheme).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(scheme).toBe('dark');
});

test('the welcome video is offered at the first sign-in only', async ({ members, page }) => {
  const member = await members.createActive({ prefix: 'welcome', welcomeVideo: true });
  // The brand's video and pages live elsewhere; keep the test on this machine.
  await page.route(/lumora\.example/, (route) => route.abort());
  await signIn(page, member.email, member.password);
  const dialog = page.getByRole('dialog', { name: 'Welcome to Lumora Partner Portal' });
  await expect(dialog).toBeVisible();
  const learnMore = dialog.getByRole('link', { name: /^Learn more/ });
  await expect(learnMore).toHaveAttribute('href', 'https://www.lumora.example/partners');
  await expect(learnMore).toHaveAttribute('target', '_blank');
  await dialog.getByRole('button', { name: "Let's start" }).click();
  await expect(dialog).toBeHidden();
  await openMyCompany(page);

  await page.reload();
  await openMyCompany(page);
  await expect(dialog).toHaveCount(0);
  // Also not after signing in again.
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, member.email, member.password);
  await openMyCompany(page);
  await expect(dialog).toHaveCount(0);
});
