import type { ApiKey } from '@portal/contracts/api-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { COMPANY_ID } from '@/test/company-info.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { spyOnToasts } from '@/test/toasts.ts';
import { ApiKeysCard } from './ApiKeysCard.tsx';

beforeAll(() => initI18n('en'));
spyOnToasts();

const COMPANY = COMPANY_ID;
const PATH = `/api/reseller/v1/companies/${COMPANY}/api-keys`;
const KEY_TEXT = `ppk_${'A1b2C3'.repeat(7)}x`;
const existing: ApiKey = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Monitoring',
  scopes: ['incidents:write', 'read'],
  createdAt: '2026-11-20T08:00:00.000Z',
  createdBy: 'Olivia Bennett',
  lastUsedAt: null,
  callsToday: 1234,
};

describe('My Company → API keys (issue 27 item 4)', () => {
  it('lists each key with its scopes, creator, last use and calls today', async () => {
    fakeApi(() => ({ items: [existing] }));
    renderWithProviders(<ApiKeysCard companyId={COMPANY} />);
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText('Monitoring')).toBeTruthy();
    expect(within(row).getByText('Read, Acknowledge and mute')).toBeTruthy();
    expect(within(row).getByText('Olivia Bennett')).toBeTruthy();
    expect(within(row).getByTestId('api-key-last-used').textContent).toBe('Never');
    expect(within(row).getByTestId('api-key-calls').textContent).toBe('1,234');
  });

  it('creates a key with the chosen scopes and shows it once, with a copy button', async () => {
    const posts: unknown[] = [];
    let items: ApiKey[] = [];
    fakeApi(({ method, path, body }) => {
      if (path !== PATH) throw new Error(`unexpected ${path}`);
      if (method === 'POST') {
        posts.push(body);
        const created = {
          ...existing,
          id: '66666666-6666-4666-8666-666666666666',
          name: 'Tickets',
          callsToday: 0,
        };
        items = [created];
        return new Response(
          JSON.stringify({ ...created, scopes: ['incidents:write', 'read'], key: KEY_TEXT }),
          {
            status: 201,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return { items };
    });
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ApiKeysCard companyId={COMPANY} />);
    await screen.findByText('No API keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    const name = within(form).getByRole('textbox', { name: /Name/ });
    // Nothing is sent without a name (spaces are none).
    await user.type(name, '   ');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('The field cannot be empty.')).toBeTruthy();
    // SPEC §5: no special characters, as the server refuses them.
    await user.clear(name);
    await user.type(name, 'Tickets <b>');
    expect(await within(form).findByText('Special characters are not allowed')).toBeTruthy();
    expect(posts).toEqual([]);
    await user.clear(name);
    expect(posts).toEqual([]);
    await user.type(name, 'Tickets');
    await user.click(within(form).getByRole('checkbox', { name: 'Acknowledge incidents and mute devices' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(posts).toEqual([{ name: 'Tickets', scopes: ['read', 'incidents:write'] }]);
    expect((within(shown).getByTestId('api-key-value') as HTMLTextAreaElement).value).toBe(KEY_TEXT);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(KEY_TEXT);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list never holds the key itself.
    expect(await screen.findByText('Tickets')).toBeTruthy();
    expect(document.body.textContent).not.toContain(KEY_TEXT);
  });

  it('refuses to create a key without a scope', async () => {
    const posts: unknown[] = [];
    fakeApi(({ method, body }) => {
      if (method === 'POST') posts.push(body);
      return { items: [] };
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysCard companyId={COMPANY} />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Nothing');
    await user.click(within(form).getByRole('checkbox', { name: /Read customers/ }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Choose at least one scope.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('revokes a key only after the confirmation', async () => {
    const deletes: string[] = [];
    let items = [existing];
    fakeApi(({ method, path }) => {
      if (method === 'DELETE') {
        deletes.push(path);
        items = [];
        return new Response(null, { status: 204 });
      }
      return { items };
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysCard companyId={COMPANY} />);
    await user.click(await screen.findByRole('button', { name: 'Revoke Monitoring' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    expect(within(confirm).getByText(/Tools using “Monitoring” will be refused/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Revoke Monitoring' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(deletes).toEqual([`${PATH}/${existing.id}`]));
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('API key revoked.');
  });

  it('says when the keys could not be loaded and loads them again on Try again', async () => {
    let failing = true;
    fakeApi(() => (failing ? new Response(null, { status: 503 }) : { items: [existing] }));
    renderWithProviders(<ApiKeysCard companyId={COMPANY} />);
    // The query client tries once more before it gives up (about a second).
    const alert = await screen.findByText('The API keys could not be loaded.', {}, { timeout: 20_000 });
    expect(screen.getByRole('region', { name: 'API keys' })).toBeTruthy();
    failing = false;
    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByTestId('api-key-row')).toBeTruthy();
    expect(screen.queryByText('The API keys could not be loaded.')).toBeNull();
  });
});
