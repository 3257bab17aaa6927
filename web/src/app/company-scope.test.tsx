import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IncidentsPage } from '@/features/incidents/IncidentsPage.tsx';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { setTokenProvider } from '@/shared/lib/api-client.ts';
import { CompanyScopeProvider } from '@/shared/session/company-scope.tsx';
import { createTokenLayer } from '@/shared/session/tokens/token-layer.ts';
import { viewedCompanyId } from '@/shared/session/viewed-company.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { fakeApi } from '@/test/fake-api.ts';
import { buildIncident } from '@/test/incident-factory.ts';

const DEALER = '44444444-4444-4444-8444-444444444444';
const HARBOUR = '11111111-1111-4111-8111-111111111111';

beforeAll(() => initI18n('en'));
afterEach(() => vi.restoreAllMocks());

/** The real token layer, asking the fake network for company tokens, reading the scope like the app. */
function tokensFromNetwork() {
  const requested: string[] = [];
  const layer = createTokenLayer({
    sessionToken: async () => 'session',
    companyId: async () => 'own-company',
    requestCompanyToken: async (companyId) => {
      requested.push(companyId);
      return { token: `company:${companyId}`, expire: Math.floor(Date.now() / 1000) + 3600 };
    },
    requestOrganizationToken: async (orgId, viewed) => ({
      token: `org:${viewed ?? 'own'}:${orgId}`,
      expire: Math.floor(Date.now() / 1000) + 3600,
    }),
    viewedCompanyId,
  });
  setTokenProvider((service, need, options) => layer.tokenFor(service, need, options));
  return requested;
}

function renderIncidents(scoped: boolean) {
  const page = scoped ? (
    <CompanyScopeProvider companyId={DEALER}>
      <IncidentsPage />
    </CompanyScopeProvider>
  ) : (
    <IncidentsPage />
  );
  const router = createMemoryRouter([{ path: '/incidents', element: page }], {
    initialEntries: ['/incidents'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

describe('company scope (issue 16 drill-down)', () => {
  it.each([false, true])(
    'read-only %s: write actions are hidden, not disabled; links stay in the view',
    async (scoped) => {
      const requested = tokensFromNetwork();
      const authorizations: string[] = [];
      const network = fakeApi(({ path }) => {
        if (path === '/api/user-portal/companies/incidents')
          return {
            items: [buildIncident({ id: '7', organizationId: HARBOUR, deviceName: 'Lobby cam' })],
            next_cursor: null,
            total: 1,
          };
        if (path === '/api/user-portal/companies/organizations') return { items: [] };
        throw new Error(`unexpected ${path}`);
      });
      renderIncidents(scoped);
      const row = within((await screen.findAllByTestId('incident-row'))[0]!);
      const acknowledge = row.queryByRole('button', { name: 'Acknowledge' });
      const mute = row.queryByRole('button', { name: /^Mute/ });
      const customer = row.getAllByRole('link').map((link) => link.getAttribute('href'));
      for (const [, init] of network.mock.calls) {
        authorizations.push(new Headers(init?.headers).get('authorization') ?? '');
      }
      if (scoped) {
        expect(acknowledge).toBeNull();
        expect(mute).toBeNull();
        expect(screen.queryByText('Actions')).toBeNull();
        expect(customer).toContain(`/partners/${DEALER}/view/customers/${HARBOUR}/overview`);
        expect(requested).toEqual([DEALER]);
        expect(new Set(authorizations)).toEqual(new Set([`Bearer company:${DEALER}`]));
      } else {
        expect(acknowledge).not.toBeNull();
        expect(mute).not.toBeNull();
        expect(customer).toContain(`/account/${HARBOUR}/overview`);
        expect(requested).toEqual(['own-company']);
      }
    },
  );
});
