import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { BrandProvider } from '@/shared/brand/BrandContext.tsx';
import { i18n } from '@/shared/i18n/i18n.ts';
import { createQueryClient } from '@/shared/lib/query-client.ts';
import { AuthServicesProvider } from '@/shared/session/AuthServicesContext.tsx';
import type { AuthServices } from '@/shared/session/auth-services.ts';

/**
 * Sign-in pages (login, two-step, password reset) in a memory router, starting at `path`, against a session
 * double that has only the calls the test names. Returns the router, to read where the page went.
 */
export function renderAuthRoutes(routes: RouteObject[], path: string, session: object) {
  const services = { session, tokens: {} } as unknown as AuthServices;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <BrandProvider brandId="lumora">
        <QueryClientProvider client={createQueryClient(() => undefined)}>
          <AuthServicesProvider services={services}>
            <RouterProvider router={router} />
          </AuthServicesProvider>
        </QueryClientProvider>
      </BrandProvider>
    </I18nextProvider>,
  );
  return router;
}
