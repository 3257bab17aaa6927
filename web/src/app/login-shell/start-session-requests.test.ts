import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, createApiClient } from '@/shared/lib/api-client.ts';
import {
  EARLY_RESPONSE_TTL_MS,
  forgetEarlyResponses,
  takeEarlyResponse,
} from '@/shared/lib/early-responses.ts';
import { startSessionRequests } from './start-session-requests.ts';

const ORIGIN = 'http://localhost:3000';
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A server answering the session's first requests; `type` is the company's roles. */
function serverFor(type: string[]) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const auth = new Headers(init?.headers).get('authorization');
    if (url.pathname === '/api/reseller/v1/me') return json({ profile: { name: 'Olivia' }, auth });
    if (url.pathname === '/api/reseller/v1/companies/info') return json({ id: 'company-1', type });
    if (url.pathname === '/api/reseller/auth/vortextoken') {
      return json({ token: `company-token-for-${JSON.parse(String(init?.body)).companyId}`, expire: 1 });
    }
    if (url.pathname === '/api/user-portal/companies/organizations') return json({ items: [], auth });
    return new Response('not found', { status: 404 });
  });
}

const start = (fetch: typeof globalThis.fetch): Promise<void> =>
  startSessionRequests({
    services: { reseller: '/api/reseller', userPortal: '/api/user-portal' },
    accessToken: 'access-1',
    origin: ORIGIN,
    fetch,
  });

const requested = (fetch: ReturnType<typeof serverFor>) =>
  fetch.mock.calls.map(([input, init]) => `${init?.method} ${new URL(String(input)).pathname}`);

afterEach(() => forgetEarlyResponses());

describe('the sign-in form starts the landing page reads (issue 24 point 3)', () => {
  it("asks for a dealer's profile, company, company token and customer list, with the right tokens", async () => {
    const fetch = serverFor(['dealer']);
    await start(fetch);
    expect(requested(fetch)).toEqual([
      'GET /api/reseller/v1/me',
      'GET /api/reseller/v1/companies/info',
      'POST /api/reseller/auth/vortextoken',
      'GET /api/user-portal/companies/organizations',
    ]);
    const organizations = await takeEarlyResponse({
      method: 'GET',
      url: `${ORIGIN}/api/user-portal/companies/organizations`,
      body: null,
    });
    expect(await organizations?.json()).toEqual({ items: [], auth: 'Bearer company-token-for-company-1' });
  });

  it('asks a partner (HQ) only for the profile and company: its landing page is not the customer list', async () => {
    const fetch = serverFor(['hq-pm']);
    await start(fetch);
    expect(requested(fetch)).toEqual(['GET /api/reseller/v1/me', 'GET /api/reseller/v1/companies/info']);
  });

  it("the app's API client takes each early response once instead of asking again", async () => {
    await start(serverFor(['dealer']));
    const appFetch = vi.fn(async () => json({ fresh: true }));
    const deps: ApiClientDeps = {
      baseUrl: (service) => (service === 'reseller' ? '/api/reseller' : '/api/user-portal'),
      getToken: async () => 'access-1',
      fetch: appFetch,
    };
    const reseller = createApiClient('reseller', deps);
    await expect(reseller('/v1/me')).resolves.toMatchObject({ profile: { name: 'Olivia' } });
    await expect(
      reseller('/auth/vortextoken', { method: 'POST', body: { companyId: 'company-1' } }),
    ).resolves.toEqual({ token: 'company-token-for-company-1', expire: 1 });
    expect(appFetch).not.toHaveBeenCalled();
    // Taken once: the next read is the app's own.
    await expect(reseller('/v1/me')).resolves.toEqual({ fresh: true });
    // Another body is another request.
    await expect(
      reseller('/auth/vortextoken', { method: 'POST', body: { companyId: 'company-2' } }),
    ).resolves.toEqual({ fresh: true });
    expect(appFetch).toHaveBeenCalledTimes(2);
  });

  it('an early request that failed, or one nobody took in time, is asked again', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await start(failing);
    const appFetch = vi.fn(async () => json({ fresh: true }));
    const reseller = createApiClient('reseller', {
      baseUrl: () => '/api/reseller',
      getToken: async () => 'access-1',
      fetch: appFetch,
    });
    await expect(reseller('/v1/me')).resolves.toEqual({ fresh: true });

    await start(serverFor(['dealer']));
    const later = Date.now() + EARLY_RESPONSE_TTL_MS + 1;
    expect(
      takeEarlyResponse(
        { method: 'GET', url: `${ORIGIN}/api/reseller/v1/companies/info`, body: null },
        later,
      ),
    ).toBeUndefined();
  });
});
