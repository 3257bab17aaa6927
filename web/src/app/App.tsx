import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { DataRouter } from 'react-router';
import { BrandProvider } from '@/shared/brand/BrandContext.tsx';
import { RuntimeConfigProvider } from '@/shared/config/RuntimeConfigContext.tsx';
import { i18n } from '@/shared/i18n/i18n.ts';
import { AppThemeProvider } from '@/shared/theme/AppThemeProvider.tsx';
import { CurrentRouterProvider } from './router/CurrentRouterProvider.tsx';
import { ToastProvider } from './ToastProvider.tsx';

interface AppProps {
  config: RuntimeConfig;
  queryClient: QueryClient;
  router: DataRouter;
}

export function App({ config, queryClient, router }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <RuntimeConfigProvider config={config}>
        <BrandProvider brandId={config.brand}>
          <AppThemeProvider>
            <QueryClientProvider client={queryClient}>
              <ToastProvider>
                <CurrentRouterProvider router={router} />
              </ToastProvider>
            </QueryClientProvider>
          </AppThemeProvider>
        </BrandProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>
  );
}
