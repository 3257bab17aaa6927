import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import { vi } from 'vitest';
import { setRuntimeConfig } from '@/shared/config/runtime-config.ts';

export const ORIGIN = 'http://portal.test';

export interface FakeRequest {
  method: string;
  /** e.g. '/api/user-portal/companies/incidents' */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What the fake network answers: a JSON body (200), a Response as it is, or a thrown error (network failure). */
export type Respond = (request: FakeRequest) => unknown;

/**
 * The network as the test double (the app's own API clients, token layer and schemas stay real): points
 * every service at one origin and answers `fetch` with `respond`. Returns the mock, to read the requests.
 */
export function fakeApi(respond: Respond) {
  setRuntimeConfig({
    services: {
      reseller: `${ORIGIN}/api/reseller`,
      userPortal: `${ORIGIN}/api/user-portal`,
      userPortalAuth: `${ORIGIN}/api/user-portal-auth`,
      platform: `${ORIGIN}/api/platform`,
      monitoring: `${ORIGIN}/api/monitoring`,
      obm: `${ORIGIN}/api/obm`,
      default: `${ORIGIN}/api/default`,
      notifications: `${ORIGIN}/api/notifications`,
    },
  } as RuntimeConfig);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = await respond({
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
    });
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests the fake network received for one path. */
export function requestsTo(fetchMock: ReturnType<typeof fakeApi>, path: string): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname === path);
}
