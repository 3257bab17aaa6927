import { slowJourney, test } from '../support/fixtures.ts';
import { signInAs } from '../support/sign-in.ts';

// Sign-in runs SRP in the browser; a shared machine is slow.
const expect = slowJourney(180_000);

/**
 * Issue 27 items 4–6: the owner creates an API key (shown once), a tool calls the partner API with it, the
 * list shows it was used, the owner revokes it and the next call is refused.
 */
test('an owner creates an API key, a tool uses it, the list shows the use, revoking refuses the next call', async ({
  page,
  request,
  company,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, company.owner);
  await page.goto('/my-company');
  const section = page.getByRole('region', { name: 'API keys' });
  await section.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('E2E ticketing');
  await form.getByRole('checkbox', { name: 'Acknowledge incidents and mute devices' }).check();
  await form.getByRole('button', { name: 'Create', exact: true }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = await shown.getByTestId('api-key-value').inputValue();
  expect(key).toMatch(/^ppk_[0-9A-Za-z]{43}$/);
  await shown.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(shown.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = section.getByTestId('api-key-row').filter({ hasText: 'E2E ticketing' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');
  await expect(row).not.toContainText(key);

  // A partner's tool calls the API with the key.
  const auth = { authorization: `Bearer ${key}` };
  const customers = await request.get('/api/partner/v1/customers?limit=5', { headers: auth });
  expect(customers.status()).toBe(200);
  const page1 = await customers.json();
  expect(page1.items.length).toBeGreaterThan(0);
  expect(page1).toHaveProperty('next_cursor');
  expect(customers.headers()['ratelimit-limit']).toBeTruthy();

  // The server writes a key's counts about once a second: the list shows them on a later load.
  await expect
    .poll(
      async () => {
        await page.reload();
        return row.getByTestId('api-key-calls').textContent();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe('1');
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Never');

  await row.getByRole('button', { name: 'Revoke E2E ticketing' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('API key revoked.')).toBeVisible();
  await expect(row).toHaveCount(0);

  const refused = await request.get('/api/partner/v1/customers', { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).detail).toBe('Invalid or revoked API key');
});

test('a member sees no API keys on My Company, and the server refuses them the keys (403)', async ({
  page,
  members,
}) => {
  const member = await members.createActive({ prefix: 'keys' });
  await signInAs(page, member);
  await page.goto('/my-company');
  await expect(page.getByRole('region', { name: 'Members' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'API keys' })).toHaveCount(0);
  const refused = await page.evaluate(async () => {
    const token = Object.entries(localStorage).find(([name]) => name.endsWith('.idToken'))?.[1];
    const info = await fetch('/api/reseller/v1/companies/info', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { id } = (await info.json()) as { id: string };
    const keys = await fetch(`/api/reseller/v1/companies/${id}/api-keys`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return keys.status;
  });
  expect(refused).toBe(403);
});
