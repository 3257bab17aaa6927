import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import { type Query, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/features/dashboard/DashboardPage.tsx';
import { statisticsFixture } from '@/features/dashboard/test-fixtures.ts';
import { useUpdateOrganizationMetadata } from '@/features/organizations/api/update-organization-metadata.ts';
import { OrganizationListPage } from '@/features/organizations/OrganizationListPage.tsx';
import { setRuntimeConfig } from '@/shared/config/runtime-config.ts';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { createQueryClient } from '@/shared/lib/query-client.ts';
import { AppThemeProvider } from '@/shared/theme/AppThemeProvider.tsx';
import '@/test/stub-resize-observer.ts';

// The network, not the features' modules, is the double: the test holds whatever wraps the endpoints.
const customer = (reference: string) => ({
  id: 'org-1',
  name: 'Harbour Cafe',
  reference,
  siteCount: 1,
  license: { expired: 0, expireSoon: 0, unlicensed: 0 },
  devices: { total: 0, offline: 0, abnormal: 0 },
});
let reference = 'REF-OLD';

function respond(method: string, path: string): unknown {
  if (method === 'PATCH' && path === '/api/default/v1/organizations/org-1/metadata') {
    reference = 'REF-NEW';
    return { name: 'Ann', reference, address: '', email: '', phone: '' };
  }
  if (path === '/api/user-portal/companies/organizations') return { items: [customer(reference)] };
  if (path === '/api/user-portal/companies/statistics') return statisticsFixture();
  if (path.startsWith('/api/user-portal/companies/statistics/customers'))
    return { unit: 'devices', total: 0, items: [] };
  if (path === '/api/default/license/info') return { model: [] };
  if (path === '/api/default/license/quantity') return { items: [] };
  throw new Error(`unexpected ${method} ${path}`);
}

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input));
  const body = respond(init?.method ?? 'GET', url.pathname);
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
});

beforeAll(async () => {
  await initI18n('en');
  const origin = 'http://portal.test';
  setRuntimeConfig({
    services: {
      reseller: `${origin}/api/reseller`,
      userPortal: `${origin}/api/user-portal`,
      userPortalAuth: `${origin}/api/user-portal-auth`,
      platform: `${origin}/api/platform`,
      monitoring: `${origin}/api/monitoring`,
      obm: `${origin}/api/obm`,
      default: `${origin}/api/default`,
    },
  } as RuntimeConfig);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => fetchMock.mockClear());

/** Every cached answer of GET /companies/organizations, whichever view asked for it. */
const customerListQueries = (queries: Query[]) =>
  queries.filter(
    (query) =>
      Array.isArray(query.state.data) &&
      (query.state.data as { id?: string }[]).some((item) => item.id === 'org-1'),
  );

describe('one customer list for every view', () => {
  it('a metadata edit refreshes the customer list of both the dashboard and My customer', {
    timeout: 60_000,
  }, async () => {
    const queryClient = createQueryClient(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <DashboardPage />
              <OrganizationListPage />
            </>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </AppThemeProvider>
      </I18nextProvider>
    );
    render(<RouterProvider router={router} />, { wrapper });
    const cache = queryClient.getQueryCache();
    await waitFor(() => expect(customerListQueries(cache.findAll()).length).toBeGreaterThan(0), {
      timeout: 15_000,
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 15_000 });
    // Both views read the one cached answer.
    expect(customerListQueries(cache.findAll()).map((query) => query.queryKey)).toHaveLength(1);

    const { result } = renderHook(() => useUpdateOrganizationMetadata('org-1'), { wrapper });
    await act(() => result.current.mutateAsync({ reference: 'REF-NEW' }));

    await waitFor(
      () => {
        const lists = customerListQueries(cache.findAll());
        for (const query of lists) {
          expect(query.queryKey).toBeDefined();
          expect(
            (query.state.data as { reference: string }[])[0]?.reference,
            JSON.stringify(query.queryKey),
          ).toBe('REF-NEW');
        }
      },
      { timeout: 15_000 },
    );
  });
});
