import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { rememberEmailDraft } from '@/features/auth/forms/email-draft.ts';
import { watchCompanyLifecycle } from '@/features/company/company-lifecycle.ts';
import { loadRuntimeConfig } from '@/shared/config/runtime-config.ts';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { supportedLanguage } from '@/shared/i18n/languages.ts';
import { installGlobalErrorListeners } from '@/shared/lib/global-error-listeners.ts';
import {
  readPrerenderedSignIn,
  removePrerenderedLogin,
  takeHandOver,
} from '@/shared/lib/prerendered-login.ts';
import { createQueryClient } from '@/shared/lib/query-client.ts';
import { yieldToMain } from '@/shared/lib/yield-to-main.ts';
import { AuthServicesProvider } from '@/shared/session/AuthServicesContext.tsx';
import { ACCOUNT_QUERY_KEY } from '@/shared/session/account-query.ts';
import type { AccountState } from '@/shared/session/account-state.ts';
import { createAuthServices } from '@/shared/session/create-auth-services.ts';
import { AppThemeProvider } from '@/shared/theme/AppThemeProvider.tsx';
import { createPersistedStyleCache } from '@/shared/theme/persisted-style-cache.ts';
import { portalTheme } from '@/shared/theme/theme.ts';
import { App } from './App.tsx';
import { ConfigErrorScreen } from './bootstrap/ConfigErrorScreen.tsx';
import { completeFormSignIn } from './login-shell/complete-form-sign-in.ts';
import { openHeaderMenuWhenShown } from './login-shell/open-header-menu.ts';
import { createAppRouter } from './router/create-app-router.ts';
import { createGuard } from './router/guard.ts';
import { sendToTwoStepSetupOnRefusal } from './router/two-step-redirect.ts';

/** Renders the app into `container`: the last boot step of main.tsx, with the libraries already evaluated. */
export async function start(container: HTMLElement): Promise<void> {
  await initI18n();
  // The theme, built in a task of its own (AppThemeProvider takes it from the cache).
  await yieldToMain();
  portalTheme(supportedLanguage(i18n.resolvedLanguage));
  await yieldToMain();
  const root = createRoot(container);

  let config: Awaited<ReturnType<typeof loadRuntimeConfig>>;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error('Runtime config could not be loaded', error);
    removePrerenderedLogin();
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <AppThemeProvider>
            <ConfigErrorScreen />
          </AppThemeProvider>
        </I18nextProvider>
      </StrictMode>,
    );
    return;
  }

  installGlobalErrorListeners();
  const queryClient = createQueryClient();
  // Amplify Auth against the configured pool; the token layer becomes the API client's token source.
  const auth = createAuthServices(config, queryClient);
  // SPEC §4 login lifecycle: members load when the company id appears; company-scoped data resets when it goes.
  watchCompanyLifecycle<AccountState>(queryClient, {
    accountKey: ACCOUNT_QUERY_KEY,
    companyIdOf: (account) => account.company.id,
    resetKeys: [['company'], ['organizations'], ['dashboard'], ['partners'], ['notifications']],
  });
  // The pre-rendered form started the app: signed in (completed here), or on a page that keeps the e-mail;
  // a sign-in step or a passkey is the login page's to take.
  const handOver = takeHandOver(['signedIn', 'page', 'resubmit']);
  if (handOver?.kind === 'signedIn') completeFormSignIn(auth, config);
  else if (handOver) rememberEmailDraft(handOver.email);
  if (handOver?.kind === 'page' && handOver.menu) openHeaderMenuWhenShown(handOver.menu, container);
  // The router ranks every route and starts the first navigation's loaders: a task of its own.
  await yieldToMain();
  const guard = createGuard({ session: auth.session, queryClient });
  const router = createAppRouter(guard);
  sendToTwoStepSetupOnRefusal(router, queryClient);
  // The sign-in form index.html painted for /login gives way to whatever else the app shows there.
  // The e-mail typed into it meanwhile goes with the visitor (the form handed over for forgot password and
  // stays on screen until that page's code is there): this runs before the new page renders.
  router.subscribe((state) => {
    const elsewhere = state.location.pathname !== '/login' || state.errors !== null;
    if (state.navigation.state !== 'idle' || !elsewhere) return;
    const typed = readPrerenderedSignIn();
    if (typed?.email) rememberEmailDraft(typed.email);
    removePrerenderedLogin();
  });

  const styleCache = createPersistedStyleCache();
  // A transition: React renders the first screen in slices and lets the browser in between (a phone's CPU
  // would otherwise be blocked for the whole first render).
  startTransition(() => {
    root.render(
      <StrictMode>
        <CacheProvider value={styleCache}>
          <AuthServicesProvider services={auth}>
            <App config={config} queryClient={queryClient} router={router} />
          </AuthServicesProvider>
        </CacheProvider>
      </StrictMode>,
    );
  });
}
