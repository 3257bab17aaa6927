import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import type { QueryClient } from '@tanstack/react-query';
import { obmApi, resellerApi } from '@/shared/api/clients.ts';
import { setTokenProvider } from '@/shared/lib/api-client.ts';
import { forgetEarlyResponses } from '@/shared/lib/early-responses.ts';
import { accountQueryOptions } from './account-query.ts';
import { createLazyAmplifySession } from './amplify/lazy-amplify-session.ts';
import { createChallengeStore } from './amplify/new-password-challenge.ts';
import type { AuthServices } from './auth-services.ts';
import { clearCompanyCaches } from './sign-out/clear-company-caches.ts';
import { createTokenLayer } from './tokens/token-layer.ts';
import { warmCompanyTokenForDealers } from './tokens/warm-company-token.ts';
import { createTwoStepStore } from './two-step/two-step-store.ts';
import { viewedCompanyId } from './viewed-company.ts';

/** The reseller contracts' schemas (zod) load with the first token request, not with the entry chunk. */
const tokenResponse = async (payload: unknown) =>
  (await import('@portal/contracts/reseller')).tokenResponseSchema.parse(payload);

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Creates the session (Amplify, configured from the runtime config, loads on first need:
 * `session/lazy-amplify-session.ts`) and the token layer, and registers the token layer with the API
 * client. Call once at start-up, before the router runs its first loader.
 */
export function createAuthServices(config: RuntimeConfig, queryClient: QueryClient): AuthServices {
  const tokens = createTokenLayer({
    sessionToken: (options) => session.accessToken(options),
    companyId: async () => (await queryClient.ensureQueryData(accountQueryOptions(session))).company.id,
    requestCompanyToken: async (companyId) =>
      tokenResponse(await resellerApi<unknown>('/auth/vortextoken', { method: 'POST', body: { companyId } })),
    requestOrganizationToken: async (orgId, viewedCompanyId) =>
      tokenResponse(
        await resellerApi<unknown>(`/v1/organizations/${encodeURIComponent(orgId)}/vsaas-token`, {
          method: 'POST',
          ...(viewedCompanyId ? { query: { companyId: viewedCompanyId } } : {}),
        }),
      ),
    viewedCompanyId,
  });

  const session = createLazyAmplifySession({
    identity: config.identity,
    origin: window.location.origin,
    reseller: resellerApi,
    obm: obmApi,
    challenge: createChallengeStore(sessionStorageOrUndefined),
    twoStep: createTwoStepStore(sessionStorageOrUndefined),
    region: config.identity.region,
    onSessionChange: () => {
      tokens.clear();
      forgetEarlyResponses();
      void clearCompanyCaches().catch((error: unknown) =>
        console.warn('Cached responses could not be cleared', error),
      );
    },
  });

  setTokenProvider((service, need, options) => tokens.tokenFor(service, need, options));
  warmCompanyTokenForDealers(queryClient, () => tokens.companyToken());
  return { session, tokens };
}
