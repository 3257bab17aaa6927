import { BRANDS, type BrandId } from '@portal/contracts/brands';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createGuard } from '@/app/router/guard.ts';
import { createRoutes } from '@/app/router/routes.tsx';
import { BrandProvider } from '@/shared/brand/BrandContext.tsx';
import { i18n } from '@/shared/i18n/i18n.ts';
import { createQueryClient } from '@/shared/lib/query-client.ts';
import type { SessionPort } from '@/shared/session/session.ts';
import { AppThemeProvider } from '@/shared/theme/AppThemeProvider.tsx';

export function renderRoutes(path: string, session: SessionPort, brand: BrandId = 'lumora') {
  const queryClient = createQueryClient(() => undefined);
  const router = createMemoryRouter(createRoutes(createGuard({ session, queryClient })), {
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
