import {
  memberRow,
  membersSection,
  openMyCompany,
  resellerCall,
  roleTagIn,
  sessionTokenOf,
} from '../support/company.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { signInAs } from '../support/sign-in.ts';

const expect = slowJourney(180_000);

test('a member sees the company and its members but no change actions, and the API refuses their changes', async ({
  page,
  request,
  company,
  members,
}) => {
  const member = await members.createActive({ prefix: 'viewer' });
  await members.create({ prefix: 'colleague' });
  const { owner } = company;
  const outsider = `x@${owner.email.split('@')[1]}`;
  await signInAs(page, member);
  await openMyCompany(page);

  const info = page.getByRole('region', { name: 'Company information' });
  await expect(info).toContainText(company.name);
  await expect(info).toContainText(company.phone);
  await expect(info).toContainText(owner.email);
  await expect(info).toContainText('Dealer');

  // Every member with a tag: the owner blue (info), the others green (success).
  await expect(roleTagIn(memberRow(page, owner.email))).toHaveText('Owner');
  await expect(roleTagIn(memberRow(page, owner.email))).toHaveClass(/MuiChip-colorInfo/);
  await expect(roleTagIn(memberRow(page, member.email))).toHaveText('Member');
  await expect(roleTagIn(memberRow(page, member.email))).toHaveClass(/MuiChip-colorSuccess/);
  await expect(memberRow(page, member.email)).toContainText('(You)');

  // Nothing to change with.
  await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit company name' })).toHaveCount(0);
  for (const name of ['Edit name', 'Assign as Owner', 'Delete'])
    await expect(membersSection(page).getByRole('button', { name })).toHaveCount(0);
  await expect(membersSection(page).getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);

  // Nor behind the page's back.
  const token = await sessionTokenOf(page);
  const me = (await (await resellerCall(request, token, 'GET', '/v1/me')).json()) as {
    profile: { companyId: string };
  };
  const companyId = me.profile.companyId;
  const list = (await (
    await resellerCall(request, token, 'GET', `/v1/companies/${companyId}/users`)
  ).json()) as {
    items: { userId: string; email: string }[];
  };
  const ownerId = list.items.find((m) => m.email === owner.email)?.userId;
  const selfId = list.items.find((m) => m.email === member.email)?.userId;
  const colleagueId = list.items.find((m) => m.email !== owner.email && m.email !== member.email)?.userId;
  expect(ownerId && selfId && colleagueId).toBeTruthy();
  const refused: [string, 'POST' | 'PATCH' | 'DELETE', string, object | undefined, number][] = [
    ['rename the company', 'PATCH', '/v1/companies/info', { name: 'Hijacked' }, 403],
    ['add a member', 'POST', `/v1/companies/${companyId}/users`, { email: outsider, name: 'X' }, 403],
    ['delete a colleague', 'DELETE', `/v1/companies/${companyId}/users/${colleagueId}`, undefined, 403],
    ['take ownership', 'POST', `/v1/companies/${companyId}/users/${selfId}/owner`, undefined, 403],
    [
      'hand ownership to a colleague',
      'POST',
      `/v1/companies/${companyId}/users/${colleagueId}/owner`,
      undefined,
      403,
    ],
    ['rename the owner', 'PATCH', `/v1/users/${ownerId}`, { name: 'Boss' }, 404],
  ];
  for (const [what, method, path, data, status] of refused) {
    const response = await resellerCall(request, token, method, path, data);
    expect(response.status(), what).toBe(status);
  }
  await page.reload();
  await expect(info).toContainText(company.name);
  await expect(roleTagIn(memberRow(page, owner.email))).toHaveText('Owner');
  await expect(memberRow(page, outsider)).toHaveCount(0);
});

test('the owner sees the change actions (never Assign or Delete on their own row), in Traditional Chinese', async ({
  page,
  company,
  members,
}) => {
  const { owner } = company;
  const colleague = await members.create({ prefix: 'colleague' });
  await useLanguage(page, 'zh-TW');
  await signInAs(page, owner);
  await openMyCompany(page);
  await expect(page.getByRole('button', { name: '新增成員' })).toBeVisible();
  await expect(page.getByRole('button', { name: '編輯公司名稱' })).toBeVisible();
  const own = memberRow(page, owner.email);
  await expect(roleTagIn(own)).toHaveText('擁有者');
  await expect(own.getByRole('button', { name: '編輯名稱' })).toBeVisible();
  await expect(own.getByRole('button', { name: '指派為擁有者' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: '刪除' })).toHaveCount(0);
  const other = memberRow(page, colleague.email);
  await expect(roleTagIn(other)).toHaveText('成員');
  for (const name of ['編輯名稱', '指派為擁有者', '刪除'])
    await expect(other.getByRole('button', { name })).toBeVisible();

  // Narrow screens list the members instead of a table, with the same actions.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(membersSection(page).getByRole('table')).toHaveCount(0);
  await expect(memberRow(page, colleague.email).getByRole('button', { name: '刪除' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
