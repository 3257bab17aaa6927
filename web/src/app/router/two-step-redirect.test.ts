import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, setTwoStepRequiredHandler } from '@/shared/lib/api-client.ts';
import { ApiError } from '@/shared/lib/api-error.ts';
import { ACCOUNT_QUERY_KEY } from '@/shared/session/account-query.ts';
import { sendToTwoStepSetupOnRefusal } from './two-step-redirect.ts';

const refusal = () =>
  new Response(
    JSON.stringify({ detail: 'Your company requires two-step sign-in.', extraType: 'MFA_REQUIRED' }),
    {
      status: 403,
      headers: { 'content-type': 'application/json' },
    },
  );

afterEach(() => setTwoStepRequiredHandler(() => undefined));

describe('a 403 MFA_REQUIRED anywhere', () => {
  it('goes to the setup page without cancelling an account load under way (which would sign out)', async () => {
    const router = createMemoryRouter(
      [
        { path: '/dashboard', element: null },
        { path: '/two-step-setup', element: null },
      ],
      { initialEntries: ['/dashboard'] },
    );
    const queryClient = new QueryClient();
    sendToTwoStepSetupOnRefusal(router, queryClient);
    const request = createApiClient('reseller', {
      baseUrl: () => '/api/reseller',
      getToken: async () => 'tok',
      fetch: async () => refusal(),
    });
    // The guard's account load, refused by the server while it runs.
    const load = queryClient.fetchQuery({
      queryKey: ACCOUNT_QUERY_KEY,
      queryFn: () => request('/v1/companies/info'),
      retry: false,
    });
    await expect(load).rejects.toBeInstanceOf(ApiError);
    await expect.poll(() => router.state.location.pathname).toBe('/two-step-setup');
  });
});
