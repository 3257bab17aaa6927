import { afterAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { buildAccount, fakeSession } from '@/test/account-doubles.ts';
import { fakeApi, requestsTo } from '@/test/fake-api.ts';
import { renderRoutes } from '@/test/render-routes.tsx';

/**
 * Issue 24 item 3: a route's data is requested beside its code, not after it. Each page's module is held
 * back here (its import does not resolve until the end of the file), as a slow network would hold its
 * chunk; the page's first request must be on its way anyway. Without the routes' data loaders the
 * requests start only when the page has mounted, which it cannot do here, and each test times out.
 */
const held = vi.hoisted(() => {
  let release = () => {};
  const code = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { code, release: () => release() };
});

vi.mock('@/features/dashboard/DashboardPage.tsx', async (original) => {
  await held.code;
  return original();
});
vi.mock('@/features/organizations/OrganizationListPage.tsx', async (original) => {
  await held.code;
  return original();
});
vi.mock('@/features/organizations/detail/OrganizationDetailPage.tsx', async (original) => {
  await held.code;
  return original();
});
vi.mock('@/features/organizations/detail/OrganizationDeviceTab.tsx', async (original) => {
  await held.code;
  return original();
});
vi.mock('@/features/incidents/IncidentsPage.tsx', async (original) => {
  await held.code;
  return original();
});
vi.mock('@/features/partners/PartnersPage.tsx', async (original) => {
  await held.code;
  return original();
});

await initI18n('en');
afterAll(() => held.release());

// The prefetch's own chunk is transformed on first import in the test run: generous, not a speed check.
const ARRIVES = { timeout: 15_000 };

const network = () =>
  fakeApi(({ path }) => {
    // The dealer's change stream stays open; nothing else is answered with meaning.
    if (path.endsWith('/companies/events')) return new Promise(() => {});
    return { items: [] };
  });

const dealer = () => fakeSession(buildAccount({ role: 'dealer' }));

describe("a route's data is requested while its page's code is still loading", () => {
  it('/dashboard: statistics, licenses and the customer list', async () => {
    const fetchMock = network();
    renderRoutes('/dashboard', dealer());
    await vi.waitFor(() => {
      expect(requestsTo(fetchMock, '/api/user-portal/companies/statistics')).toHaveLength(1);
      expect(requestsTo(fetchMock, '/api/default/license/info')).toHaveLength(1);
      expect(requestsTo(fetchMock, '/api/default/license/quantity')).toHaveLength(1);
      expect(requestsTo(fetchMock, '/api/user-portal/companies/organizations')).toHaveLength(1);
    }, ARRIVES);
  });

  it('/account: the customer list', async () => {
    const fetchMock = network();
    renderRoutes('/account', dealer());
    await vi.waitFor(
      () => expect(requestsTo(fetchMock, '/api/user-portal/companies/organizations')).toHaveLength(1),
      ARRIVES,
    );
  });

  it("/account/{orgId}/device: the customer's info, its sites and both platforms' site states", async () => {
    const fetchMock = network();
    renderRoutes('/account/org-7/device', dealer());
    await vi.waitFor(() => {
      expect(requestsTo(fetchMock, '/api/user-portal/organizations/org-7/info')).toHaveLength(1);
      expect(requestsTo(fetchMock, '/api/user-portal/organizations/org-7/sites')).toHaveLength(1);
      expect(requestsTo(fetchMock, '/api/user-portal/organizations/org-7/sites-status')).toHaveLength(1);
      expect(requestsTo(fetchMock, '/api/monitoring/v2/organizations/org-7/sites-status')).toHaveLength(1);
    }, ARRIVES);
  });

  it("/incidents: the first page for the URL's filters", async () => {
    const fetchMock = network();
    renderRoutes('/incidents?state=all&category=CAMERA', dealer());
    await vi.waitFor(() => {
      const [page] = requestsTo(fetchMock, '/api/user-portal/companies/incidents');
      expect(page?.searchParams.get('state')).toBe('all');
      expect(page?.searchParams.get('category')).toBe('CAMERA');
    }, ARRIVES);
  });

  it("/partners: the first page for the URL's search", async () => {
    const fetchMock = network();
    renderRoutes('/partners?q=harbour', fakeSession(buildAccount({ role: 'disty' })));
    await vi.waitFor(() => {
      const [page] = requestsTo(fetchMock, '/api/reseller/v1/partners');
      expect(page?.searchParams.get('q')).toBe('harbour');
    }, ARRIVES);
  });

  it('starts nothing for a caller the route refuses', async () => {
    const fetchMock = network();
    renderRoutes('/partners', dealer());
    await vi.waitFor(
      () => expect(requestsTo(fetchMock, '/api/user-portal/companies/organizations')).toHaveLength(0),
      ARRIVES,
    );
    // The guard's 404 has been decided once the account is loaded; give the prefetch's chunk time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(requestsTo(fetchMock, '/api/reseller/v1/partners')).toHaveLength(0);
  });
});
