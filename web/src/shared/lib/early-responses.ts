/**
 * Responses to requests started before the code that reads them had arrived: the pre-rendered sign-in form
 * asks for the session's first data as soon as it holds the tokens, while the app's code loads (issue 24
 * point 3, src/app/login-shell/start-session-requests.ts). The API client takes a matching response once
 * instead of asking again. One nobody claims within EARLY_RESPONSE_TTL_MS is forgotten: older data than
 * that is fetched afresh.
 */
export const EARLY_RESPONSE_TTL_MS = 30_000;

interface EarlyResponse {
  response: Promise<Response>;
  startedAt: number;
}

const early = new Map<string, EarlyResponse>();

const keyOf = (method: string, url: string, body: string | null) => `${method} ${url} ${body ?? ''}`;

/** Keeps a request's response for the API client; `url` is absolute, as the client builds it. */
export function putEarlyResponse(
  request: { method: string; url: string; body: string | null },
  response: Promise<Response>,
  now = Date.now(),
): void {
  // A failure is the client's to see when it takes the response (it asks again then), never an unhandled one.
  response.catch(() => undefined);
  early.set(keyOf(request.method, request.url, request.body), { response, startedAt: now });
}

/** The response to this exact request (method, URL and body) if one was started early, once. */
export function takeEarlyResponse(
  request: { method: string; url: string; body: string | null },
  now = Date.now(),
): Promise<Response> | undefined {
  const key = keyOf(request.method, request.url, request.body);
  const found = early.get(key);
  early.delete(key);
  if (!found || now - found.startedAt > EARLY_RESPONSE_TTL_MS) return undefined;
  return found.response;
}

/** Drops every early response (sign-out: they hold the signed-in company's data). */
export function forgetEarlyResponses(): void {
  early.clear();
}
