import { sessionTokenFor } from '../support/api.ts';
import { slowJourney, test } from '../support/fixtures.ts';
import { healthyCamerasOf, ingestKeyOf, sendReports } from '../support/ingest.ts';
import { signInAs } from '../support/sign-in.ts';
import { type SinkMail, sinkMails, waitForSinkMails } from '../support/sink.ts';

// Sign-in runs SRP in the browser; a shared machine is slow.
const expect = slowJourney(240_000);
// A dealer company of its own with customers and healthy cameras to break.
test.use({ companyKind: 'dealer' });

const CJK = /[\u4e00-\u9fff]/;
const mentionsAny = (names: string[]) => (mail: SinkMail) => names.some((name) => mail.text.includes(name));

/**
 * Issue 15 items 1–4: the owner sets a rule and their own subscription on the page; device reports open
 * several incidents at once; each recipient gets ONE bundled mail over real SMTP listing those devices, in
 * their own language; the mail's link opens the incident's timeline in the portal.
 */
test('incidents of several devices reach the owner and a zh-TW member as one mail each, in their language', async ({
  page,
  request,
  company,
  members,
  serverDataDir,
}) => {
  const cameras = await healthyCamerasOf(request, company, 3);
  expect(cameras).toHaveLength(3);
  const names = cameras.map((camera) => camera.name);
  const member = await members.createActive({ prefix: 'mail' });
  // The member reads Traditional Chinese (the profile's language, issue 8 item 12).
  const memberToken = await sessionTokenFor(request, member.email, member.password);
  const profile = await request.patch(`/api/reseller/v1/users/${member.userId}`, {
    headers: { authorization: `Bearer ${memberToken}` },
    data: { locale: 'zh-TW' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);

  await signInAs(page, company.owner);
  await page.goto('/my-company/notifications');
  const rules = page.getByRole('region', { name: 'Company rules' });
  await expect(
    rules.getByText('No rules yet: the owner receives every incident and its recovery by e-mail.'),
  ).toBeVisible();

  // A company rule: every incident to every member, immediately.
  await rules.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Everyone hears everything');
  await dialog.getByRole('combobox', { name: 'Recipients' }).click();
  await page.getByRole('option', { name: 'Every member' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const rule = rules.getByTestId('rule-row').filter({ hasText: 'Everyone hears everything' });
  await expect(rule).toContainText('Every member');
  await expect(rule).toContainText('Immediately');
  await expect(rules.getByText(/^No rules yet/)).toHaveCount(0);

  // The owner's own subscription: immediate, no reminders.
  const mine = page.getByRole('region', { name: 'My e-mail notifications' });
  await mine.getByRole('switch', { name: 'Reminders while an incident stays open' }).click();
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // Three cameras' SD cards fail in one moment: three incidents, one bundle per recipient.
  const key = ingestKeyOf(serverDataDir, 'VORTEX');
  await sendReports(
    request,
    key,
    cameras.map((camera) => ({ deviceId: camera.id, status: { recordFailed: true } })),
  );

  const [ownerMail] = await waitForSinkMails(request, company.owner.email, {
    match: (mail) => names.every((name) => mail.text.includes(name)),
  });
  const [memberMail] = await waitForSinkMails(request, member.email, {
    match: (mail) => names.every((name) => mail.text.includes(name)),
  });
  expect(ownerMail?.html).toContain(names[0]);
  expect(ownerMail?.text).not.toMatch(CJK);
  expect(`${memberMail?.subject} ${memberMail?.text}`).toMatch(CJK);

  // Bundled: after the window (5 s here) has passed, still one mail each about these devices.
  await page.waitForTimeout(8_000);
  expect((await sinkMails(request, company.owner.email)).filter(mentionsAny(names))).toHaveLength(1);
  expect((await sinkMails(request, member.email)).filter(mentionsAny(names))).toHaveLength(1);

  // The mail's link opens the incident's timeline in the portal.
  const link = /https?:\/\/[^\s"'<>]+\/incidents\?[^\s"'<>]*incident=[^\s"'<>]+/.exec(
    ownerMail?.text ?? '',
  )?.[0];
  expect(link, 'an incident link in the mail').toBeTruthy();
  const target = new URL(link ?? '');
  await page.goto(`${target.pathname}${target.search}`);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('timeline-event').first()).toBeVisible();
  await expect(drawer).toContainText('SD card error');

  // Recovery: the cameras report healthy again (mailed too; not checked further here).
  await sendReports(
    request,
    key,
    cameras.map((camera) => ({ deviceId: camera.id, status: { recordFailed: false } })),
  );
});
