import { DEFAULT_SUBSCRIPTION } from '@portal/contracts/notification-defaults';
import type { NotificationSettings, Subscription } from '@portal/contracts/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { fakeApi } from '@/test/fake-api.ts';
import { spyOnToasts } from '@/test/toasts.ts';
import { RuleDialog } from './RuleDialog.tsx';
import { RulesSection } from './RulesSection.tsx';
import { SubscriptionForm } from './SubscriptionSection.tsx';

const ANN = '22222222-2222-4222-8222-222222222222';
const members = [
  { userId: ANN, name: 'Ann Owner', email: 'ann@example.com' },
  { userId: '33333333-3333-4333-8333-333333333333', name: 'Bo Member', email: 'bo@example.com' },
];
/** What the API answers a member who never saved a subscription. */
const subscription: Subscription = { ...DEFAULT_SUBSCRIPTION, saved: false };

beforeAll(() => initI18n('en'));
spyOnToasts();
afterEach(() => vi.unstubAllGlobals());

/** The calls to the notifications service (the customer field reads the customer list beside them). */
const sent = (network: ReturnType<typeof fakeApi>) =>
  network.mock.calls.filter(([url]) => String(url).includes('/api/notifications/'));
const withCustomers =
  (answer: (request: { body: unknown }) => unknown) => (request: { path: string; body: unknown }) =>
    request.path.endsWith('/companies/organizations') ? { items: [] } : answer(request);

/** The subscription form as the page it is, beside another page of My Company to navigate to. */
function renderSubscriptionPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/my-company/notifications',
        element: <SubscriptionForm subscription={subscription} timeZone="Asia/Taipei" />,
      },
      { path: '/my-company/members', element: <p>members page</p> },
    ],
    { initialEntries: ['/my-company/notifications'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const beforeUnloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('my e-mail notifications', () => {
  it('says the defaults apply until saved, refuses equal quiet hours, then PUTs the subscription', async () => {
    const network = fakeApi(
      withCustomers(({ body }) => ({ ...subscription, ...(body as object), saved: true })),
    );
    renderSubscriptionPage();
    expect(
      screen.getByText('You have not saved your own settings yet: the defaults below apply.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    const pick = async (label: string, time: string) => {
      await userEvent.click(screen.getByRole('combobox', { name: label }));
      await userEvent.click(await screen.findByRole('option', { name: time }));
    };
    await pick('To', '22:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a time (HH:mm); from and to must differ.')).toBeTruthy();
    expect(sent(network)).toHaveLength(0);

    await pick('To', '06:30');
    await userEvent.click(screen.getByRole('radio', { name: 'Daily digest' }));
    // The company's zone until the member picks one of their own; the digest time follows it.
    const zone = screen.getByRole('combobox', { name: 'My time zone' });
    expect(zone).toHaveProperty('value', 'Asia/Taipei (company)');
    expect(screen.getByText('In your time zone (Asia/Taipei).')).toBeTruthy();
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Lisbon');
    await userEvent.click(await screen.findByRole('option', { name: 'Europe/Lisbon' }));
    expect(screen.getByText('In your time zone (Europe/Lisbon).')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(network)).toHaveLength(1));
    const [url, init] = sent(network)[0]!;
    expect(String(url)).toMatch(/\/api\/notifications\/v1\/subscription$/);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      delivery: 'digest',
      events: [],
      organizationIds: null,
      reminders: true,
      quietHours: { from: '22:00', to: '06:30' },
      digestHour: 8,
      timeZone: 'Europe/Lisbon',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved.'));
  });

  it('asks before leaving the page with unsaved changes: Stay keeps them, Leave drops them', async () => {
    fakeApi(withCustomers(() => ({})));
    const router = renderSubscriptionPage();
    // Unchanged: another page opens at once, and a reload is not held up.
    expect(beforeUnloadPrevented()).toBe(false);
    await router.navigate('/my-company/members');
    expect(await screen.findByText('members page')).toBeTruthy();
    await router.navigate('/my-company/notifications');

    const reminders = await screen.findByRole('switch', { name: 'Reminders while an incident stays open' });
    await userEvent.click(reminders);
    expect(reminders).toHaveProperty('checked', false);
    expect(beforeUnloadPrevented()).toBe(true);

    void router.navigate('/my-company/members');
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to leave?' });
    expect(dialog.textContent).toContain('Your changes will lost if you leave.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/my-company/notifications');
    expect(screen.getByRole('switch', { name: 'Reminders while an incident stays open' })).toHaveProperty(
      'checked',
      false,
    );

    void router.navigate('/my-company/members');
    const again = await screen.findByRole('dialog', { name: 'Are you sure you want to leave?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('members page')).toBeTruthy();
    expect(beforeUnloadPrevented()).toBe(false);
  });
});

describe('company rules', () => {
  it('explains the default rule and shows members the rules without actions', () => {
    fakeApi(() => ({}));
    const settings: NotificationSettings = { timeZone: 'Asia/Taipei', rules: [], usingDefaultRule: true };
    renderWithProviders(<RulesSection settings={settings} members={members} isOwner={false} />);
    expect(
      screen.getByText('No rules yet: the owner receives every incident and its recovery by e-mail.'),
    ).toBeTruthy();
    expect(screen.getByTestId('company-time-zone').textContent).toBe('Asia/Taipei');
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change time zone' })).toBeNull();
  });

  it('validates a rule (name, chosen members) and creates it', async () => {
    const network = fakeApi(
      withCustomers(({ body }) => ({
        id: 'r1',
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
        ...(body as object),
      })),
    );
    const onClose = vi.fn();
    renderWithProviders(<RuleDialog rule={null} members={members} onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Night shift!');
    await userEvent.click(screen.getByRole('combobox', { name: 'Recipients' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Chosen members' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Special characters are not allowed')).toBeTruthy();
    expect(sent(network)).toHaveLength(0);

    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Night shift');
    await userEvent.click(screen.getByRole('combobox', { name: 'Members' }));
    await userEvent.click(await screen.findByRole('option', { name: /Ann Owner/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = sent(network)[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Night shift',
      events: [],
      organizationIds: null,
      recipients: [ANN],
      delivery: 'immediate',
      reminders: true,
    });
  });

  it('lists rules in words', () => {
    fakeApi(() => ({}));
    renderWithProviders(
      <RulesSection
        isOwner
        members={members}
        settings={{
          timeZone: 'Europe/Berlin',
          usingDefaultRule: false,
          rules: [
            {
              id: 'r1',
              name: 'Cameras',
              events: ['CAMERA', 'SERVER.OFFLINE'],
              organizationIds: ['44444444-4444-4444-8444-444444444444'],
              recipients: 'members',
              delivery: 'digest',
              reminders: false,
              createdAt: '2026-11-20T10:00:00.000Z',
              updatedAt: '2026-11-20T10:00:00.000Z',
            },
          ],
        }}
      />,
    );
    const row = within(screen.getByTestId('rule-row'));
    expect(row.getByText('Camera related: every type, Server offline')).toBeTruthy();
    expect(row.getByText('1 customer')).toBeTruthy();
    expect(row.getByText('Every member')).toBeTruthy();
    expect(row.getByText('Daily digest')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Delete rule: Cameras' })).toBeTruthy();
  });
});
