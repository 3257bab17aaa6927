import { tokenResponseSchema } from '@portal/contracts/reseller';
import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import type { QueryClient } from '@tanstack/react-query';
import { Amplify } from 'aws-amplify';
import { createApiClient, setTokenProvider } from '../../lib/api-client.ts';
import { accountQueryOptions } from './account-query.ts';
import type { AuthServices } from './auth-services.ts';
import { amplifyAuthConfig } from './session/amplify-config.ts';
import { createAmplifySession } from './session/amplify-session.ts';
import { createChallengeStore } from './session/new-password-challenge.ts';
import { createTokenLayer } from './tokens/token-layer.ts';

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Configures Amplify from the runtime config, creates the session and the token layer, and registers the
 * token layer with the API client. Call once at start-up, before the router runs its first loader.
 */
export function createAuthServices(config: RuntimeConfig, queryClient: QueryClient): AuthServices {
  Amplify.configure(amplifyAuthConfig(config.identity, window.location.origin));
  const reseller = createApiClient('reseller');

  const tokens = createTokenLayer({
    sessionToken: (options) => session.accessToken(options),
    companyId: async () => (await queryClient.ensureQueryData(accountQueryOptions(session))).company.id,
    requestCompanyToken: async (companyId) =>
      tokenResponseSchema.parse(
        await reseller<unknown>('/auth/vortextoken', { method: 'POST', body: { companyId } }),
      ),
    requestOrganizationToken: async (orgId) =>
      tokenResponseSchema.parse(
        await reseller<unknown>(`/v1/organizations/${encodeURIComponent(orgId)}/vsaas-token`, {
          method: 'POST',
        }),
      ),
  });

  const session = createAmplifySession({
    reseller,
    obm: createApiClient('obm'),
    challenge: createChallengeStore(sessionStorageOrUndefined),
    region: config.identity.region,
    onSessionChange: () => tokens.clear(),
  });

  setTokenProvider((service, need, options) => tokens.tokenFor(service, need, options));
  return { session, tokens };
}
