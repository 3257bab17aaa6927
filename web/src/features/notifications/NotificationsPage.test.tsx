import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { AUTHENTICATED_ROUTE_ID } from '@/shared/navigation/route-ids.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { buildAccount } from '@/test/account-doubles.ts';
import { buildCompanyInfo, COMPANY_ID } from '@/test/company-info.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { NotificationsPage } from './NotificationsPage.tsx';

beforeAll(() => initI18n('en'));

/** The page of a member who owned the company at sign-in (the account says so); `ownsNow` is the server's word. */
function renderPage(ownsNow: boolean) {
  fakeApi(({ path }) => {
    if (path === '/api/reseller/v1/companies/info') return buildCompanyInfo({ owner: ownsNow });
    if (path === `/api/reseller/v1/companies/${COMPANY_ID}/users`) return { items: [] };
    if (path === '/api/notifications/v1/settings') {
      return { timeZone: 'America/Los_Angeles', rules: [], usingDefaultRule: true };
    }
    if (path === '/api/notifications/v1/subscription') {
      return {
        delivery: 'instant',
        events: [],
        organizationIds: null,
        reminders: true,
        quietHours: null,
        digestHour: 8,
        timeZone: null,
        saved: false,
      };
    }
    if (path === '/api/notifications/v1/webhooks') return { items: [] };
    if (path === '/api/user-portal/companies/organizations') return { items: [] };
    throw new Error(`unexpected ${path}`);
  });
  const router = createMemoryRouter(
    [
      {
        id: AUTHENTICATED_ROUTE_ID,
        path: '/',
        loader: () => buildAccount({ role: 'dealer' }),
        HydrateFallback: () => null,
        children: [{ path: 'my-company/notifications', element: <NotificationsPage /> }],
      },
    ],
    { initialEntries: ['/my-company/notifications'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('Notifications: who may change the rules and webhooks', { timeout: 20_000 }, () => {
  it('offers the owner of the company the changes', async () => {
    renderPage(true);
    expect(await screen.findByRole('button', { name: 'Add webhook' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Add rule' })).toBeTruthy();
  });

  it('does not offer them once ownership has moved since sign-in (the server would refuse them)', async () => {
    renderPage(false);
    // Both sections have loaded.
    await screen.findByText('No webhooks yet.');
    await screen.findByText('No rules yet: the owner receives every incident and its recovery by e-mail.');
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
  });
});
