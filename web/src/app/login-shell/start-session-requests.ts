import { putEarlyResponse } from '@/shared/lib/early-responses.ts';

/** Where the session's first requests go: the services' base URLs of GET /api/config, and the new session. */
export interface SessionRequestsInput {
  services: { reseller: string; userPortal: string };
  accessToken: string;
  origin: string;
  fetch?: typeof fetch;
}

/**
 * The signed-in app's first reads, asked for by the pre-rendered form the moment Amplify holds the tokens,
 * while the app's code is still on its way (issue 24 point 3: data in parallel with code). They are the very
 * requests the app makes next, which its API client then takes instead of asking again (early-responses.ts):
 * the profile and the company (every landing page), and for a dealer, whose landing page is the customer
 * list, the company token and the customer list with it. Any failure here only means the app asks itself.
 * Resolves once every request it will make has started.
 */
export function startSessionRequests(input: SessionRequestsInput): Promise<void> {
  const send = input.fetch ?? ((url: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(url, init));
  const url = (base: string, path: string) =>
    new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`, input.origin).toString();
  const start = (method: 'GET' | 'POST', target: string, token: string, body: object | null = null) => {
    const json = body === null ? null : JSON.stringify(body);
    const headers = new Headers({ accept: 'application/json', authorization: `Bearer ${token}` });
    if (json !== null) headers.set('content-type', 'application/json');
    const response = send(target, { method, headers, body: json });
    putEarlyResponse({ method, url: target, body: json }, response);
    return response;
  };
  const json = async (response: Promise<Response>): Promise<unknown> => {
    const answer = await response;
    if (!answer.ok) throw new Error(`${answer.url} answered ${answer.status}`);
    return answer.clone().json();
  };

  start('GET', url(input.services.reseller, '/v1/me'), input.accessToken);
  const company = start('GET', url(input.services.reseller, '/v1/companies/info'), input.accessToken);
  return (async () => {
    const info = (await json(company)) as { id?: unknown; type?: unknown };
    // The role is the first of the company's type list, a dealer by default (shared/session/amplify/account-from-payloads.ts).
    const role = Array.isArray(info.type) && info.type.length > 0 ? info.type[0] : 'dealer';
    if (role !== 'dealer' || typeof info.id !== 'string') return;
    const companyToken = (await json(
      start('POST', url(input.services.reseller, '/auth/vortextoken'), input.accessToken, {
        companyId: info.id,
      }),
    )) as { token?: unknown };
    if (typeof companyToken.token !== 'string') return;
    start('GET', url(input.services.userPortal, '/companies/organizations'), companyToken.token);
  })().catch(() => undefined);
}
