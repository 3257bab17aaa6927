import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { createQueryClient } from '@/shared/lib/query-client.ts';
import { AppThemeProvider } from '@/shared/theme/AppThemeProvider.tsx';
import { dashboardKeys } from './api/query-keys.ts';
import { DashboardPage } from './DashboardPage.tsx';
import { statisticsFixture } from './test-fixtures.ts';
import '@/test/stub-resize-observer.ts';

const failing = new Set<string>();
/** What the statistics answer; a test may change it (the fixture by default). */
let statistics = statisticsFixture;
let licenseStock = 42;
const respond = async (path: string) => {
  if (failing.has(path)) throw new Error(`${path} failed`);
  if (path === '/companies/statistics') return statistics();
  if (path === '/companies/organizations') return { items: [] };
  if (path.startsWith('/companies/statistics/customers?')) return { unit: 'devices', total: 0, items: [] };
  if (path === '/license/info')
    return { model: [{ id: 'L1', name: 'xPro 1 year', duration: 365, type: 'STD' }] };
  if (path === '/license/quantity') return { items: [{ id: 'L1', quantity: licenseStock }] };
  throw new Error(`unexpected ${path}`);
};

/** How many figure links (the cards' counts) have rendered. */
const countLinks = vi.hoisted(() => ({ rendered: 0 }));
vi.mock('./components/CountLink.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./components/CountLink.tsx')>();
  return {
    ...original,
    CountLink: (props: Parameters<typeof original.CountLink>[0]) => {
      countLinks.rendered += 1;
      return original.CountLink(props);
    },
  };
});

vi.mock('@/shared/api/clients.ts', () => ({
  userPortalApi: vi.fn((path: string) => respond(path)),
  defaultServiceApi: vi.fn((path: string) => respond(path)),
}));

beforeAll(() => initI18n('en'));

function renderDashboard() {
  const queryClient = createQueryClient(() => undefined);
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppThemeProvider>
    </I18nextProvider>,
  );
  return queryClient;
}

const ERROR = 'An error occurred while processing your request.';

// Rendering every chart in jsdom is slow on a busy machine.
const wait = { timeout: 15_000 };

describe('DashboardPage', { timeout: 60_000 }, () => {
  it('shows every card when each source answers', async () => {
    failing.clear();
    renderDashboard();
    const inventory = await screen.findByTestId('inventory-L1', {}, wait);
    expect(within(inventory).getByText('42')).toBeTruthy();
    expect((await screen.findAllByText('SD card error', {}, wait)).length).toBe(3); // a camera status on each platform and an alert type
    expect(screen.queryByText(ERROR)).toBeNull();
  });

  it("one card's new answer re-renders only that card: the others' figures stay as they were rendered", async () => {
    failing.clear();
    const queryClient = renderDashboard();
    expect(within(await screen.findByTestId('inventory-L1', {}, wait)).getByText('42')).toBeTruthy();
    await screen.findAllByText('SD card error', {}, wait);
    countLinks.rendered = 0;
    licenseStock = 43;
    try {
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.licenseQuantity() });
      await waitFor(
        () => expect(within(screen.getByTestId('inventory-L1')).getByText('43')).toBeTruthy(),
        wait,
      );
      expect(countLinks.rendered).toBe(0);
    } finally {
      licenseStock = 42;
    }
  });

  it('the incidents overview says what it counts and names the unlicensed devices as the maturity report does', async () => {
    failing.clear();
    // As the server answers: the engine opens no 'Without license' incident, while 17 devices have no license.
    statistics = () => {
      const answer = statisticsFixture();
      answer.incidents.items = answer.incidents.items.map((item) =>
        item.alertType === 'UNLICENSED' ? { ...item, count: 0 } : item,
      );
      return answer;
    };
    try {
      renderDashboard();
      const incidents = await screen.findByTestId('incidents-LICENSE', {}, wait);
      expect(within(incidents).queryByText('Without license')).toBeNull();
      const unlicensed = within(incidents).getByTestId('incidents-unlicensed-devices');
      const link = within(unlicensed).getByRole('link', {
        name: 'Devices without license (not an incident): 17',
      });
      expect(link.getAttribute('href')).toBe('/account?license=unlicensed');
      expect(screen.getByTestId('incidents-counting').textContent).toMatch(/one per device and condition/);
      const maturity = await screen.findByTestId('maturity-unlicensed', {}, wait);
      expect(within(maturity).getByRole('link', { name: 'Unlicensed devices: 17' })).toBeTruthy();
    } finally {
      statistics = statisticsFixture;
    }
  });

  it('a failing license source shows the error on the inventory card only', async () => {
    failing.clear();
    failing.add('/license/quantity');
    renderDashboard();
    const inventory = screen.getByTestId('dashboard-inventory');
    expect(await within(inventory).findByText(ERROR, {}, wait)).toBeTruthy();
    const incidents = screen.getByTestId('dashboard-incidents');
    expect(await within(incidents).findByText('Camera related', {}, wait)).toBeTruthy();
    expect(screen.getAllByText(ERROR)).toHaveLength(1);
  });

  it('a failing statistics source leaves the inventory working', async () => {
    failing.clear();
    failing.add('/companies/statistics');
    renderDashboard();
    const devices = screen.getByTestId('dashboard-devices');
    expect(await within(devices).findByText(ERROR, {}, wait)).toBeTruthy();
    expect(await screen.findByTestId('inventory-L1', {}, wait)).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-attention')).queryByText(ERROR)).toBeNull();
  });
});
