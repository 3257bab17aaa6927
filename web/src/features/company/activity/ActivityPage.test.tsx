import type { AuditEntry } from '@portal/contracts/audit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import * as download from '@/shared/lib/download-csv.ts';
import { toast } from '@/shared/lib/toast.ts';
import { AUTHENTICATED_ROUTE_ID } from '@/shared/navigation/route-ids.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { buildAccount } from '@/test/account-doubles.ts';
import { buildCompanyInfo, COMPANY_ID } from '@/test/company-info.ts';
import { fakeApi, requestsTo } from '@/test/fake-api.ts';
import { ActivityPage } from './ActivityPage.tsx';

const COMPANY = COMPANY_ID;
const MAGGIO = '11111111-1111-4111-8111-111111111111';
const OLIVIA = '22222222-2222-4222-8222-222222222222';
const AUDIT = `/api/reseller/v1/companies/${COMPANY}/audit`;

const company = (owner: boolean) => buildCompanyInfo({ owner });

function entry(overrides: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'action'>): AuditEntry {
  return {
    at: '2026-11-20T09:30:00.000Z',
    actor: { type: 'user', id: OLIVIA, email: 'olivia@dealer.example', name: 'Olivia Bennett' },
    target: { type: 'organization', id: MAGGIO, name: 'Maggio LLC' },
    organizationId: MAGGIO,
    organizationName: 'Maggio LLC',
    address: '198.51.100.23',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
    before: null,
    after: null,
    ...overrides,
  };
}

const FIRST_PAGE = [
  entry({ id: '9', action: 'remote-access.request', after: { sentTo: 'it@maggio.example' } }),
  entry({
    id: '8',
    action: 'organization.metadata.update',
    before: { phone: '555-0100' },
    after: { phone: '555-0199' },
  }),
  entry({
    id: '7',
    action: 'webhook.disable',
    actor: { type: 'company', id: COMPANY, email: null, name: null },
    target: { type: 'webhook', id: 'w1', name: 'Ticketing' },
    organizationId: null,
    organizationName: null,
    address: null,
    userAgent: null,
  }),
];

let owner: boolean;
let network: ReturnType<typeof fakeApi>;

beforeAll(() => initI18n('en'));
beforeEach(() => {
  owner = true;
  vi.spyOn(toast, 'error').mockReturnValue('');
  network = fakeApi(({ path, query }) => {
    if (path === '/api/reseller/v1/companies/info') return company(owner);
    if (path === `/api/reseller/v1/companies/${COMPANY}/users`) {
      return {
        items: [
          { userId: OLIVIA, name: 'Olivia Bennett', email: 'olivia@dealer.example', mfaEnabled: false },
        ],
      };
    }
    if (path === '/api/user-portal/companies/organizations') {
      return {
        items: [
          {
            id: MAGGIO,
            name: 'Maggio LLC',
            reference: '',
            siteCount: 1,
            license: { expired: 0, expireSoon: 0, unlicensed: 0 },
            devices: { total: 1, offline: 0, abnormal: 0 },
          },
        ],
      };
    }
    if (path === AUDIT) {
      if (query.get('format') === 'csv') {
        return new Response('id,action\r\n9,remote-access.request', {
          headers: { 'content-type': 'text/csv' },
        });
      }
      if (query.get('cursor') === 'page-2') {
        return {
          items: [
            entry({
              id: '3',
              action: 'member.create',
              target: { type: 'user', id: 'u9', name: 'Noah Kim' },
              organizationId: null,
              organizationName: null,
              after: { email: 'noah@dealer.example', name: 'Noah Kim' },
            }),
          ],
          next_cursor: null,
        };
      }
      return { items: FIRST_PAGE, next_cursor: 'page-2' };
    }
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderPage(url = '/my-company/activity') {
  const router = createMemoryRouter(
    [
      {
        id: AUTHENTICATED_ROUTE_ID,
        path: '/',
        loader: () => buildAccount({ role: 'dealer' }),
        HydrateFallback: () => null,
        children: [{ path: 'my-company/activity', element: <ActivityPage /> }],
      },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const lastAuditQuery = () => Object.fromEntries(requestsTo(network, AUDIT).at(-1)?.searchParams ?? []);

describe('Activity (issue 27 item 3)', () => {
  it('reads each entry as a sentence, with its customer, where it came from and the values before and after', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('activity-entry');
    expect(rows).toHaveLength(3);
    const request = within(rows[0]!);
    expect(request.getByText('Olivia Bennett requested remote access to Maggio LLC')).toBeTruthy();
    expect(request.getByRole('button', { name: 'Maggio LLC' })).toBeTruthy();
    expect(request.getByText('198.51.100.23 · Chrome · Windows')).toBeTruthy();
    expect(request.getByText('it@maggio.example')).toBeTruthy();
    const edit = within(rows[1]!);
    expect(edit.getByText('Olivia Bennett edited the details of Maggio LLC')).toBeTruthy();
    expect(edit.getByText('555-0100').tagName).toBe('DEL');
    expect(edit.getByText('555-0100').title).toBe('Before');
    expect(edit.getByText('555-0199').tagName).toBe('INS');
    expect(edit.getByText('555-0199').title).toBe('After');
    expect(edit.getByText('→')).toBeTruthy();
    expect(request.queryByText('→')).toBeNull();
    expect(request.getByText('it@maggio.example').tagName).toBe('INS');
    expect(edit.getByText('Phone')).toBeTruthy();
    expect(
      within(rows[2]!).getByText('The webhook Ticketing was turned off after repeated failures'),
    ).toBeTruthy();
  });

  it('loads the next page with the cursor', async () => {
    renderPage();
    await screen.findAllByTestId('activity-entry');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(4));
    expect(screen.getByText('Olivia Bennett added Noah Kim as a member')).toBeTruthy();
    expect(lastAuditQuery()).toEqual({ cursor: 'page-2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('keeps the filters in the URL and sends them to the server, days as the local day’s bounds', async () => {
    const router = renderPage(`/my-company/activity?action=remote-access&since=2026-11-01&until=2026-11-30`);
    await screen.findAllByTestId('activity-entry');
    expect(lastAuditQuery()).toEqual({
      action: 'remote-access',
      since: new Date('2026-11-01T00:00:00').toISOString(),
      until: new Date('2026-11-30T23:59:59.999').toISOString(),
    });
    // A customer's name narrows the list to that customer.
    await userEvent.click(
      within(screen.getAllByTestId('activity-entry')[0]!).getByRole('button', { name: 'Maggio LLC' }),
    );
    await waitFor(() => expect(router.state.location.search).toContain(`organizationId=${MAGGIO}`));
    await waitFor(() =>
      expect(lastAuditQuery()).toMatchObject({ organizationId: MAGGIO, action: 'remote-access' }),
    );
    // The owner filters by member.
    await userEvent.click(screen.getByRole('combobox', { name: 'Member' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Olivia Bennett' }));
    await waitFor(() => expect(lastAuditQuery()).toMatchObject({ actor: OLIVIA }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the days as yy/mm/dd and filters from a typed day once it is complete', async () => {
    const router = renderPage('/my-company/activity?until=2026-11-30');
    await screen.findAllByTestId('activity-entry');
    const field = (name: string) => screen.getByRole('group', { name });
    const typed = (name: string) =>
      [...within(field(name)).getAllByRole('spinbutton')].map((section) => section.textContent).join('/');
    // The picker's code arrives after the list.
    await screen.findByRole('group', { name: 'To' }, { timeout: 10_000 });
    expect(typed('To')).toBe('26/11/30');
    await userEvent.click(within(field('From')).getAllByRole('spinbutton')[0]!);
    await userEvent.keyboard('26');
    // Half a date filters nothing yet.
    expect(router.state.location.search).toBe('?until=2026-11-30');
    await userEvent.keyboard('1103');
    await waitFor(() => expect(router.state.location.search).toBe('?until=2026-11-30&since=2026-11-03'));
    expect(typed('From')).toBe('26/11/03');
    await waitFor(() =>
      expect(lastAuditQuery()).toMatchObject({ since: new Date('2026-11-03T00:00:00').toISOString() }),
    );
  });

  it('adjusts a start after the end to the proper range and says so (SPEC §5)', async () => {
    const info = vi.spyOn(toast, 'info');
    const router = renderPage('/my-company/activity?until=2026-11-10');
    await screen.findAllByTestId('activity-entry');
    const field = (name: string) => screen.getByRole('group', { name });
    await screen.findByRole('group', { name: 'From' }, { timeout: 10_000 });
    await userEvent.click(within(field('From')).getAllByRole('spinbutton')[0]!);
    await userEvent.keyboard('261120');
    await waitFor(() => expect(router.state.location.search).toBe('?until=2026-11-20&since=2026-11-10'));
    expect(info).toHaveBeenCalledWith('Adjusted to the proper time range due to incorrect start, end time.');
    await waitFor(() =>
      expect(lastAuditQuery()).toMatchObject({
        since: new Date('2026-11-10T00:00:00').toISOString(),
        until: new Date('2026-11-20T23:59:59.999').toISOString(),
      }),
    );
  });

  it('swaps a hand-edited link whose start is after its end', async () => {
    renderPage('/my-company/activity?since=2026-11-20&until=2026-11-10');
    await screen.findAllByTestId('activity-entry');
    expect(lastAuditQuery()).toEqual({
      since: new Date('2026-11-10T00:00:00').toISOString(),
      until: new Date('2026-11-20T23:59:59.999').toISOString(),
    });
  });

  it('leaves out filters the API would refuse (a hand-edited link)', async () => {
    renderPage('/my-company/activity?action=%25&since=yesterday&organizationId=maggio&until=2026-11-30');
    await screen.findAllByTestId('activity-entry');
    expect(lastAuditQuery()).toEqual({ until: new Date('2026-11-30T23:59:59.999').toISOString() });
  });

  it('exports the filtered range as CSV', async () => {
    const save = vi.spyOn(download, 'downloadCsv').mockImplementation(() => undefined);
    renderPage('/my-company/activity?action=member');
    await screen.findAllByTestId('activity-entry');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(save.mock.calls[0]![1]).toBe('id,action\r\n9,remote-access.request');
    expect(lastAuditQuery()).toEqual({ action: 'member', format: 'csv' });
  });

  it('offers a member no member filter (they see their own entries)', async () => {
    owner = false;
    renderPage();
    await screen.findAllByTestId('activity-entry');
    expect(screen.getByText('Your own activity in the company.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();
  });

  it('reads in Traditional Chinese', async () => {
    await i18n.changeLanguage('zh-TW');
    try {
      renderPage();
      const rows = await screen.findAllByTestId('activity-entry');
      expect(within(rows[0]!).getByText('Olivia Bennett 申請遠端存取 Maggio LLC')).toBeTruthy();
      expect(within(rows[2]!).getByText('Webhook Ticketing 因連續失敗而停用')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
