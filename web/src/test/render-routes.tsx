import { BRANDS, type BrandId } from '@portal/contracts/brands';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createGuard } from '@/app/router/guard.ts';
import { createRoutes } from '@/app/router/routes.tsx';
import { BrandProvider } from '@/shared/brand/BrandContext.tsx';
import { i18n } from '@/shared/i18n/i18n.ts';
import { createQueryClient } from '@/shared/lib/query-client.ts';
import type { AccountState } from '@/shared/session/account-state.ts';
import type { SessionPort } from '@/shared/session/session.ts';
import { AppThemeProvider } from '@/shared/theme/AppThemeProvider.tsx';

export function buildAccount(overrides: { role?: AccountState['user']['role'] } = {}): AccountState {
  const role = overrides.role ?? 'dealer';
  return {
    user: {
      id: 'u-1',
      name: 'Dana Dealer',
      email: 'dana@dealer.example',
      role,
      roles: [role],
      isCompanyOwner: true,
      isCompanyMember: false,
    },
    company: { id: 'c-1', name: 'Dealer Co', ownerEmail: 'dana@dealer.example' },
    permission: { availableRoleList: [role], hierarchyAuth: {}, hierarchyParent: null },
  };
}

/** A session double at the guard's boundary: signed in with the given account, or signed out. */
export function fakeSession(
  account: AccountState | null,
  options: { accountFails?: boolean } = {},
): SessionPort {
  let signedIn = account !== null;
  return {
    current: vi.fn(async () => (signedIn && account ? { email: account.user.email } : null)),
    loadAccount: vi.fn(async () => {
      if (options.accountFails || !account) throw new Error('company info failed');
      return account;
    }),
    hasPendingNewPasswordChallenge: vi.fn(() => false),
    signOut: vi.fn(async () => {
      signedIn = false;
    }),
  };
}

export function renderRoutes(path: string, session: SessionPort, brand: BrandId = 'lumora') {
  const queryClient = createQueryClient(() => undefined);
  const router = createMemoryRouter(createRoutes(createGuard({ session, queryClient, vendor: brand })), {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <BrandProvider brandId={BRANDS[brand].id}>
        <AppThemeProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AppThemeProvider>
      </BrandProvider>
    </I18nextProvider>,
  );
  return router;
}
