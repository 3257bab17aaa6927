import { createHmac, randomUUID } from 'node:crypto';
import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';
import { hookRequests, hookUrl } from '../support/sink.ts';

// Sign-in runs SRP in the browser; a shared machine is slow.
const expect = slowJourney(180_000);

/** Standard Webhooks: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" with the base64-decoded secret>. */
function signatureOf(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Issue 15 items 5–7: an owner creates a webhook to the e2e sink, keeps its secret (shown once), sends a
 * test and sees it in the delivery log; the sink received a signed request; a member only reads.
 */
test('an owner creates a webhook, sends a test and reads its delivery log; a member only reads', async ({
  page,
  request,
  company,
  memberBrowser,
}) => {
  const name = `e2e-hook-${randomUUID().slice(0, 8)}`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, company.owner);
  await page.goto('/my-company');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/my-company\/notifications$/);
  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  await webhooks.getByRole('button', { name: 'Add webhook' }).click();

  // SPEC §5 in the form: an IP address as host is refused before anything is sent.
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^URL/ }).fill('http://127.0.0.1:8300/hooks/x');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('IP address is not allowed when sent by server. Please use domain name instead.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: /^URL/ }).fill(hookUrl(name));
  await dialog.getByRole('button', { name: 'Save' }).click();

  // The secret, once: copied to the clipboard, then the webhook's page.
  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(secretDialog.getByText('Copy the secret now. It will not be shown again.')).toBeVisible();
  const secret = await secretDialog.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  await secretDialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(secretDialog.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page).toHaveURL(/\/my-company\/notifications\/webhooks\/[^/]+$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('No deliveries yet. Send a test to try the receiver.')).toBeVisible();

  // A test: the log refreshes with the attempt, status 200.
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(/^Test delivered: HTTP 200/)).toBeVisible();
  const row = page.getByTestId('delivery-row').filter({ hasText: 'webhook.test' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('200');

  // The sink got it, signed with that secret (Standard Webhooks headers).
  const received = await hookRequests(request, name);
  expect(received).toHaveLength(1);
  const [hook] = received;
  expect(hook?.headers['webhook-id']).toBeTruthy();
  expect(hook?.headers['webhook-timestamp']).toMatch(/^\d+$/);
  const signatures = (hook?.headers['webhook-signature'] ?? '').split(' ');
  expect(signatures).toContain(
    signatureOf(
      secret,
      hook?.headers['webhook-id'] ?? '',
      hook?.headers['webhook-timestamp'] ?? '',
      hook?.body ?? '',
    ),
  );
  expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

  // Nothing shows the secret again: not the page, not the list.
  await page.reload();
  await expect(page.getByTestId('delivery-row')).toHaveCount(1);
  await expect(page.getByText(secret)).toHaveCount(0);

  // Rotation shows a new secret, once; the next delivery is signed with it (the old one still signs too).
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page
    .getByRole('dialog', { name: 'Rotate the secret?' })
    .getByRole('button', { name: 'Rotate secret' })
    .click();
  const rotated = await page
    .getByRole('dialog', { name: 'Signing secret' })
    .getByTestId('webhook-secret')
    .inputValue();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(/^The previous secret also signs deliveries until/)).toBeVisible();
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByTestId('delivery-row')).toHaveCount(2);
  const second = (await hookRequests(request, name))[1];
  const signed = (key: string) =>
    signatureOf(
      key,
      second?.headers['webhook-id'] ?? '',
      second?.headers['webhook-timestamp'] ?? '',
      second?.body ?? '',
    );
  expect((second?.headers['webhook-signature'] ?? '').split(' ')).toEqual(
    expect.arrayContaining([signed(rotated), signed(secret)]),
  );

  // Disabled by the owner, then enabled again.
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Webhook disabled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();
  await page.goto('/my-company/notifications');
  await expect(webhooks.getByTestId('webhook-row').filter({ hasText: name })).toContainText('200');

  // A member reads the list and the page, without any action.
  const memberPage = memberBrowser.page;
  await memberPage.goto('/my-company/notifications');
  const memberHooks = memberPage.getByRole('region', { name: 'Webhooks' });
  await expect(memberHooks.getByTestId('webhook-row').filter({ hasText: name })).toBeVisible();
  await expect(memberHooks.getByRole('button', { name: 'Add webhook' })).toHaveCount(0);
  await memberPage.goto(new URL(detailUrl).pathname);
  await expect(memberPage.getByTestId('delivery-row')).toHaveCount(2);
  await expect(memberPage.getByRole('button', { name: 'Send test' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // The owner deletes it after confirming; the list no longer has it.
  await page.goto(new URL(detailUrl).pathname);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this webhook?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/my-company\/notifications$/);
  await expect(webhooks.getByTestId('webhook-row').filter({ hasText: name })).toHaveCount(0);
});
