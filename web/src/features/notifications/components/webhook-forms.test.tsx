import type { Webhook } from '@portal/contracts/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { fakeApi, type Respond } from '@/test/fake-api.ts';
import { spyOnToasts } from '@/test/toasts.ts';
import { SecretDialog } from './SecretDialog.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const webhook = (patch: Partial<Webhook> = {}): Webhook => ({
  id: 'wh-1',
  name: 'Ticketing',
  url: 'https://tickets.example.com/hook',
  events: [],
  template: null,
  enabled: true,
  disabledReason: null,
  consecutiveFailures: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  previousSecretExpiresAt: null,
  lastDelivery: null,
  ...patch,
});

beforeAll(() => initI18n('en'));
spyOnToasts();
afterEach(() => vi.unstubAllGlobals());

function renderInRouter(element: React.ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/my-company/notifications/webhooks/:id', element: <p>webhook page</p> },
    ],
    { initialEntries: ['/'] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

function renderDialog(respond: Respond = () => ({})) {
  const network = fakeApi(respond);
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderInRouter(<WebhookDialog webhook={null} onCreated={onCreated} onClose={onClose} />);
  return { network, onCreated, onClose };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('webhook form', () => {
  it('shows SPEC §5 messages for the name, the URL and the template before sending anything', async () => {
    const { network } = renderDialog();
    await userEvent.type(field(/^Name/), 'Tickets & more');
    await userEvent.type(field(/^URL/), 'ftp://tickets.example.com');
    // Braces are userEvent's key syntax: set the template directly.
    fireEvent.change(field(/JSON body template/), { target: { value: '{"device": {{device.name}}' } });
    await save();
    expect(await screen.findByText('Special characters are not allowed')).toBeTruthy();
    expect(screen.getByText('The URL must start with http:// or https://')).toBeTruthy();
    expect(screen.getByText('Invalid JSON format.')).toBeTruthy();
    expect(network).not.toHaveBeenCalled();
  });

  it('refuses an IP address as host and an empty name', async () => {
    renderDialog();
    await userEvent.type(field(/^URL/), 'http://192.168.1.20/hook');
    await userEvent.click(field(/^Name/));
    await userEvent.type(field(/^Name/), 'x');
    await userEvent.clear(field(/^Name/));
    await save();
    expect(
      await screen.findByText(
        'IP address is not allowed when sent by server. Please use domain name instead.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('The field cannot be empty.')).toBeTruthy();
  });

  it('tolerates placeholders in a JSON template and sends the webhook; the created one comes back with its secret', async () => {
    const { network, onCreated } = renderDialog(({ method, path, body }) => {
      if (method === 'POST' && path === '/api/notifications/v1/webhooks') {
        return new Response(JSON.stringify({ ...webhook(), ...(body as object), secret: SECRET }), {
          status: 201,
        });
      }
      return { items: [] };
    });
    await userEvent.type(field(/^Name/), 'Ticketing');
    await userEvent.type(field(/^URL/), 'https://tickets.example.com/hook');
    fireEvent.change(field(/JSON body template/), {
      target: { value: '{"text": "{{device.name}} is down", "count": {{incident.affected}}}' },
    });
    await save();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ name: 'Ticketing', secret: SECRET });
    const post = network.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Ticketing',
      url: 'https://tickets.example.com/hook',
      events: [],
      template: '{"text": "{{device.name}} is down", "count": {{incident.affected}}}',
      enabled: true,
    });
  });

  it("puts the server's SPEC §5 message on the field it concerns", async () => {
    renderDialog(
      () =>
        new Response(
          JSON.stringify({
            title: 'Bad Request',
            status: 400,
            detail: 'IP address is not allowed when sent by server. Please use domain name instead.',
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    await userEvent.type(field(/^Name/), 'Ticketing');
    await userEvent.type(field(/^URL/), 'https://resolves-to-a-literal.example.com/hook');
    await save();
    const url = field(/^URL/);
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('IP address is not allowed when sent by server. Please use domain name instead.'),
    ).toBeTruthy();
    expect(toast.error).toHaveBeenCalled();
  });
});

describe('webhook limit (issue 23)', () => {
  const LIMIT = 'A company can have at most 25 webhooks. Delete one before adding another.';
  it.each([
    ['en', LIMIT],
    ['zh-TW', '每家公司最多可設定 25 個 Webhook。請先刪除一個再新增。'],
  ] as const)(
    'says in the form, in %s, that the company has as many webhooks as it may',
    async (language, text) => {
      await i18n.changeLanguage(language);
      try {
        const { onCreated } = renderDialog(
          () =>
            new Response(JSON.stringify({ detail: LIMIT, extraType: 'CONFLICT' }), {
              status: 409,
              headers: { 'content-type': 'application/json' },
            }),
        );
        await userEvent.type(screen.getAllByRole('textbox')[0]!, 'Ticketing');
        await userEvent.type(screen.getAllByRole('textbox')[1]!, 'https://tickets.example.com/hook');
        await userEvent.click(screen.getByRole('button', { name: i18n.t('components.actions.save') }));
        expect((await screen.findByTestId('webhook-limit')).textContent).toBe(text);
        expect(onCreated).not.toHaveBeenCalled();
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );
});

describe('one-time secret dialog', () => {
  it('shows the secret with a warning, copies it, and closes only through its button', async () => {
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onClose = vi.fn();
    renderWithProviders(<SecretDialog name="Ticketing" secret={SECRET} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByText('Copy the secret now. It will not be shown again.')).toBeTruthy();
    expect((within(dialog).getByTestId('webhook-secret') as HTMLInputElement).value).toBe(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('webhooks section', () => {
  it('shows members the list read-only: status, last delivery, no add button', async () => {
    fakeApi(() => ({
      items: [
        webhook({ lastDelivery: { at: '2026-11-20T10:05:00.000Z', responseStatus: 200, ok: true } }),
        webhook({ id: 'wh-2', name: 'Chat', enabled: false, disabledReason: '20 consecutive failures' }),
      ],
    }));
    renderInRouter(<WebhooksSection isOwner={false} />);
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('200')).toBeTruthy();
    expect(within(rows[1]!).getByText('Disabled by the portal')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
  });

  it('lets the owner create one, shows its secret once, then opens its page', async () => {
    fakeApi(({ method, body }) =>
      method === 'POST'
        ? new Response(JSON.stringify({ ...webhook(), ...(body as object), secret: SECRET }), { status: 201 })
        : { items: [] },
    );
    const { router } = renderInRouter(<WebhooksSection isOwner />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    await userEvent.type(field(/^Name/), 'Ticketing');
    await userEvent.type(field(/^URL/), 'https://tickets.example.com/hook');
    await save();
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect((within(secret).getByTestId('webhook-secret') as HTMLInputElement).value).toBe(SECRET);
    await userEvent.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/my-company/notifications/webhooks/wh-1'),
    );
  });
});
