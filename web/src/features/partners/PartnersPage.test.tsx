import type { Partner } from '@portal/contracts/partners';
import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '@/shared/config/RuntimeConfigContext.tsx';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { fakeApi, requestsTo } from '@/test/fake-api.ts';
import { partnersCsv } from './model/csv.ts';
import { dealerMarkers } from './model/dealer-markers.ts';
import { PartnersPage } from './PartnersPage.tsx';

const NORTHWIND = '11111111-1111-4111-8111-111111111111';
const RHEIN = '22222222-2222-4222-8222-222222222222';
/** Every region below the caller, as the server lists them (Asia Pacific has no partner on the first page). */
const REGIONS = [
  { id: 'asia-pacific', name: 'Asia Pacific' },
  { id: 'europe', name: 'Europe' },
  { id: 'north-america', name: 'North America' },
];

function partner(overrides: Partial<Partner>): Partner {
  return {
    companyId: NORTHWIND,
    name: 'Northwind Security',
    roles: ['dealer'],
    region: { id: 'north-america', name: 'North America' },
    parentCompanyId: null,
    dealers: 0,
    customers: 25,
    sites: 57,
    devices: 1250,
    healthyPercent: 77.1,
    openIncidents: 558,
    oldestOpenIncidentAt: new Date(Date.now() - 3 * 86_400_000 - 3_600_000).toISOString(),
    licenses: { expired: 147, expiring30: 12, expiring60: 20, expiring90: 31 },
    unlicensedDevices: 9,
    licenseStock: 40,
    location: { latitude: 47.6, longitude: -122.3 },
    ...overrides,
  };
}

let network: ReturnType<typeof fakeApi>;
const listed = () => [
  partner({}),
  partner({
    companyId: RHEIN,
    name: '=Rhein Vision',
    roles: ['disty'],
    region: { id: 'europe', name: 'Europe' },
    dealers: 3,
    healthyPercent: null,
    oldestOpenIncidentAt: null,
  }),
];

/** What the map asks for: every dealer, two of them located. */
const mapped = () => [
  partner({}),
  partner({
    companyId: RHEIN,
    name: 'Rhein Vision',
    location: { latitude: 50.9, longitude: 6.9 },
    openIncidents: 0,
  }),
  partner({ companyId: '44444444-4444-4444-8444-444444444444', name: 'Nowhere Ltd', location: null }),
];

beforeAll(() => initI18n('en'));
beforeEach(() => {
  // Wide screen: the table.
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('min-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        onchange: null,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
  network = fakeApi(({ path, query }) => {
    if (
      path === '/api/reseller/v1/partners' &&
      query.get('role') === 'dealer' &&
      query.get('limit') === '500'
    ) {
      return { items: mapped(), next_cursor: null, regions: REGIONS };
    }
    if (path === '/api/reseller/v1/partners') {
      return query.get('cursor') === 'page-2'
        ? {
            items: [partner({ companyId: '33333333-3333-4333-8333-333333333333', name: 'Zeta' })],
            next_cursor: null,
            regions: REGIONS,
          }
        : { items: listed(), next_cursor: 'page-2', regions: REGIONS };
    }
    throw new Error(`unexpected ${path}`);
  });
});
afterEach(() => vi.restoreAllMocks());

function renderPage(url = '/partners') {
  const config = {
    map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Tiles' },
  } as RuntimeConfig;
  const page = (
    <RuntimeConfigProvider config={config}>
      <PartnersPage />
    </RuntimeConfigProvider>
  );
  const router = createMemoryRouter([{ path: '/partners', element: page }], {
    initialEntries: [url],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const lastQuery = () =>
  Object.fromEntries(requestsTo(network, '/api/reseller/v1/partners').at(-1)?.searchParams ?? []);

describe('partners page', () => {
  it('lists the partners with their figures, each number linking into the drill-down', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('partner-row');
    expect(rows).toHaveLength(2);
    const northwind = within(rows[0]!);
    expect(northwind.getByRole('link', { name: 'Northwind Security' }).getAttribute('href')).toBe(
      `/partners/${NORTHWIND}`,
    );
    expect(northwind.getByRole('link', { name: 'Open incidents: 558' }).getAttribute('href')).toBe(
      `/partners/${NORTHWIND}/view/incidents`,
    );
    expect(northwind.getByRole('link', { name: 'Licenses expired: 147' }).getAttribute('href')).toBe(
      `/partners/${NORTHWIND}/view/customers?license=expired`,
    );
    expect(northwind.getByRole('link', { name: 'Expiring in 30 days: 12' }).getAttribute('href')).toBe(
      `/partners/${NORTHWIND}/view/customers?license=expiring&within=30`,
    );
    expect(northwind.getByRole('link', { name: 'Customers: 25' }).getAttribute('href')).toBe(
      `/partners/${NORTHWIND}/view/customers`,
    );
    expect(northwind.getByText('3 days ago')).toBeTruthy();
    expect(northwind.getByText('77.1%')).toBeTruthy();
    // The Dealers column: a dealer has none below it (a dash), a distributor counts its dealers.
    expect(northwind.getAllByRole('cell')[1]!.textContent).toBe('—');
    expect(within(rows[1]!).getAllByRole('cell')[1]!.textContent).toBe('3');
    expect(northwind.getByRole('link', { name: 'View dealer Northwind Security' }).getAttribute('href')).toBe(
      `/partners/${NORTHWIND}/view`,
    );
    // A distributor has no drill-down: its numbers open its scorecard, and there is no "View".
    const rhein = within(rows[1]!);
    expect(rhein.getByRole('link', { name: 'Customers: 25' }).getAttribute('href')).toBe(
      `/partners/${RHEIN}`,
    );
    expect(rhein.queryByRole('link', { name: /^View / })).toBeNull();
    expect(lastQuery()).toEqual({ sort: 'name', order: 'asc', limit: '50' });
  });

  it('sorts on the server: a first click on a figure sorts largest first, a second one flips it', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('partner-row');
    await user.click(screen.getByTestId('sort-openIncidents'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'openIncidents', order: 'desc' }));
    await user.click(screen.getByTestId('sort-openIncidents'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'openIncidents', order: 'asc' }));
  });

  it('sends the search, the role and the region of the URL, and follows the cursor on Load more', async () => {
    const user = userEvent.setup();
    renderPage('/partners?q=north&role=dealer&region=europe&sort=expired&order=desc');
    await screen.findAllByTestId('partner-row');
    expect(lastQuery()).toEqual({
      q: 'north',
      role: 'dealer',
      region: 'europe',
      sort: 'expired',
      order: 'desc',
      limit: '50',
    });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('partner-row')).toHaveLength(3));
    expect(lastQuery()).toMatchObject({ cursor: 'page-2', role: 'dealer', region: 'europe' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers every region below the caller in the region filter, not only those of the loaded rows', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('partner-row');
    await user.click(screen.getByRole('combobox', { name: 'Region' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All regions',
      'Asia Pacific',
      'Europe',
      'North America',
    ]);
    await user.click(screen.getByRole('option', { name: 'Asia Pacific' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ region: 'asia-pacific' }));
  });

  it('sends the typed search after a pause', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('partner-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search partners' }), 'rhein');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'rhein' }));
  });
});

describe('partners map', () => {
  it('the Map toggle shows every dealer with a location as a marker; List goes back', async () => {
    const user = userEvent.setup();
    const router = renderPage('/partners?region=europe&role=disty');
    await screen.findAllByTestId('partner-row');
    await user.click(screen.getByRole('button', { name: 'Map' }));
    expect(router.state.location.search).toContain('view=map');
    // Dealers only whatever the role filter, all of them (not a page), within the region.
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        role: 'dealer',
        region: 'europe',
        sort: 'name',
        order: 'asc',
        limit: '500',
      }),
    );
    expect(await screen.findByTestId('dealer-map-count')).toHaveProperty(
      'textContent',
      '2 dealers on the map',
    );
    const map = await screen.findByRole('region', { name: 'Map of dealers' });
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    expect(
      screen.getByText('1 dealer has neither an address nor a region and is not on the map.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('partner-row')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(router.state.location.search).not.toContain('view=');
    expect(await screen.findAllByTestId('partner-row')).toHaveLength(2);
  });

  it('passes the located dealers to the markers, with their figures and scorecard links', () => {
    const { markers, missing } = dealerMarkers([...mapped(), partner({ companyId: 'x', roles: ['disty'] })]);
    expect(missing).toBe(1);
    expect(markers).toEqual([
      {
        id: NORTHWIND,
        name: 'Northwind Security',
        latitude: 47.6,
        longitude: -122.3,
        openIncidents: 558,
        healthyPercent: 77.1,
        href: `/partners/${NORTHWIND}`,
      },
      {
        id: RHEIN,
        name: 'Rhein Vision',
        latitude: 50.9,
        longitude: 6.9,
        openIncidents: 0,
        healthyPercent: 77.1,
        href: `/partners/${RHEIN}`,
      },
    ]);
  });
});

describe('partners CSV', () => {
  it('has a header in the language shown, a line per partner, ISO timestamps and escaped formulas', async () => {
    const rows = listed();
    const csv = await partnersCsv(rows, i18n.getFixedT('en'));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Name,Role,Region,Dealers,Customers,Devices,Healthy,Open incidents,Oldest open incident,Licenses expired,' +
        'Expiring in 30 days,Expiring in 60 days,Expiring in 90 days,Unlicensed devices,License stock',
    );
    expect(lines[1]).toBe(
      `Northwind Security,Dealer,North America,0,25,1250,77.1,558,${rows[0]!.oldestOpenIncidentAt},147,12,20,31,9,40`,
    );
    // A name starting like a formula is quoted and prefixed so spreadsheets do not run it.
    expect(lines[2]).toBe(`"'=Rhein Vision",Distributor,Europe,3,25,1250,,558,,147,12,20,31,9,40`);
    expect(lines).toHaveLength(3);
    expect((await partnersCsv(rows, i18n.getFixedT('zh-TW'))).split('\r\n')[0]).toMatch(/^名稱,角色,區域,/);
  });
});
