import { BRANDS } from '@portal/contracts/brands';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrandProvider } from '@/shared/brand/BrandContext.tsx';
import { i18n } from '@/shared/i18n/i18n.ts';
import { createQueryClient } from '@/shared/lib/query-client.ts';
import { AppThemeProvider } from '@/shared/theme/AppThemeProvider.tsx';

/** Renders a component with the app's i18n, brand, theme and a fresh query client (tests only). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient(() => undefined);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <BrandProvider brandId={BRANDS.lumora.id}>
        <AppThemeProvider>
          <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
        </AppThemeProvider>
      </BrandProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}
