import { apiErrorSchema, EXTRA_TYPES } from '@portal/contracts/api-error';
import type { ServiceName } from '@portal/contracts/runtime-config';
import { getRuntimeConfig } from '@/shared/config/runtime-config.ts';
import { ApiError, NETWORK_FAILURE_MESSAGE, UNEXPECTED_API_MESSAGE } from './api-error.ts';
import { takeEarlyResponse } from './early-responses.ts';
import { serverMessage } from './server-error-messages.ts';

/**
 * Which bearer token a request carries (SPEC §4 Tokens). Omitted: the service's default (the session token
 * for reseller, obm and default; the company token for userPortal, userPortalAuth, monitoring and platform).
 */
export type TokenRequirement =
  | { kind: 'session' }
  | { kind: 'company' }
  | { kind: 'organization'; orgId: string };

/**
 * Returns the bearer token for a request, or nothing to send none. `forceRefresh` is set when the server
 * refused the previous token with 401, so a cached token must be replaced.
 */
export type TokenProvider = (
  service: ServiceName,
  need: TokenRequirement | undefined,
  options: { forceRefresh: boolean },
) => Promise<string | null | undefined>;

let tokenProvider: TokenProvider = async () => undefined;

let onTwoStepRequired: () => void = () => undefined;

/**
 * What to do when the server answers 403 MFA_REQUIRED (the company requires two-step sign-in and the user
 * has not set it up): the app registers a navigation to the setup page, so no screen shows a raw error.
 */
export function setTwoStepRequiredHandler(handler: () => void): void {
  onTwoStepRequired = handler;
}

/** The identity feature registers how each service gets its token (session, company or organization token). */
export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Skip the token, for calls the spec marks "no token" (e.g. POST /auth/password). */
  anonymous?: boolean;
  /** The token this request needs when it is not the service's default, e.g. `{ kind: 'organization', orgId }`. */
  token?: TokenRequirement;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  baseUrl: (service: ServiceName) => string;
  getToken: TokenProvider;
  fetch: typeof fetch;
}

const defaultDeps: ApiClientDeps = {
  baseUrl: (service) => getRuntimeConfig().services[service],
  getToken: (service, need, options) => tokenProvider(service, need, options),
  fetch: (input, init) => globalThis.fetch(input, init),
};

const BLOB_CONTENT_TYPES = ['application/octet-stream', 'text/csv'];

/** A 503 whose Retry-After is at most this is a moment's unavailability, worth asking again at once. */
const BRIEF_RETRY_AFTER_SECONDS = 2;
const BRIEF_UNAVAILABLE_RETRIES = 2;

/** The milliseconds to wait before reading again, when `response` is a read's brief 503; else undefined. */
function briefUnavailability(response: Response, options: ApiRequest): number | undefined {
  if (response.status !== 503 || (options.method ?? 'GET') !== 'GET') return undefined;
  const header = response.headers.get('retry-after');
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > BRIEF_RETRY_AFTER_SECONDS) return undefined;
  return seconds * 1000;
}

/** Waits `ms`; an abort ends the wait early (the next fetch then rejects with the abort). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** One client per backend service of SPEC §7; the base URL comes from the runtime config. */
export function createApiClient(service: ServiceName, deps: ApiClientDeps = defaultDeps) {
  return async function request<T>(path: string, options: ApiRequest = {}): Promise<T> {
    const url = buildUrl(deps.baseUrl(service), path, options.query);
    let token = await tokenFor(options, false);
    let response = await send(url, options, token);
    // A refused token may have been revoked or replaced on the server: fetch a new one and try once more.
    if (response.status === 401 && !options.anonymous) {
      const renewed = await tokenFor(options, true);
      if (renewed) {
        token = renewed;
        response = await send(url, options, renewed);
      }
    }
    // A read refused for a moment (a server process shutting down behind the load balancer, decision 0028)
    // is asked again after the Retry-After it gave; writes are left to the user, who sees the error.
    for (let retry = 0; retry < BRIEF_UNAVAILABLE_RETRIES; retry += 1) {
      const waitMs = briefUnavailability(response, options);
      if (waitMs === undefined) break;
      await pause(waitMs, options.signal);
      response = await send(url, options, token);
    }
    if (!response.ok) {
      const error = await toApiError(response);
      if (isTwoStepRequired(error)) onTwoStepRequired();
      throw error;
    }
    return (await parseBody(response)) as T;
  };

  async function tokenFor(options: ApiRequest, forceRefresh: boolean): Promise<string | null | undefined> {
    if (options.anonymous) return undefined;
    return deps.getToken(service, options.token, { forceRefresh });
  }

  async function send(url: string, options: ApiRequest, token: string | null | undefined): Promise<Response> {
    const headers = new Headers({ accept: 'application/json' });
    if (options.body !== undefined) headers.set('content-type', 'application/json');
    if (token) headers.set('authorization', `Bearer ${token}`);
    const method = options.method ?? 'GET';
    const body = options.body === undefined ? null : JSON.stringify(options.body);
    // The same request, started by the sign-in form before this code had loaded (early-responses.ts); its
    // caller's signal aborts it as it would abort a fetch.
    const early = token && !options.signal?.aborted ? takeEarlyResponse({ method, url, body }) : undefined;
    if (early) {
      const response = await abortable(early, options.signal).catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return undefined; // the early request failed: ask again
      });
      if (response) return response;
    }
    try {
      return await deps.fetch(url, { method, headers, body, signal: options.signal ?? null });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError({
        type: 'unexpected',
        message: NETWORK_FAILURE_MESSAGE,
        messageKey: 'errors.networkFailed',
        cause,
      });
    }
  }
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * What a caller that cannot go through `createApiClient` needs (a server-sent event stream, which reads
 * its body as it arrives): the absolute URL of a service's path and the token that service's calls carry.
 */
export function serviceEndpoint(
  service: ServiceName,
  deps: Pick<ApiClientDeps, 'baseUrl' | 'getToken'> = defaultDeps,
) {
  return {
    url: (path: string, query?: ApiRequest['query']) => buildUrl(deps.baseUrl(service), path, query),
    token: (options: { forceRefresh: boolean }) => deps.getToken(service, undefined, options),
  };
}

/** `promise`, or an AbortError as soon as `signal` aborts, as fetch does. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('The request was aborted', 'AbortError'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function buildUrl(base: string, path: string, query: ApiRequest['query']): string {
  const joined = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  // Relative bases (the default '/api/<service>') resolve against the page's own origin.
  const url = new URL(joined, globalThis.location?.origin ?? 'http://localhost');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const contentType = response.headers.get('content-type')?.toLowerCase() ?? '';
  if (BLOB_CONTENT_TYPES.some((type) => contentType.startsWith(type))) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw unexpected(response.status, cause);
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch (cause) {
    return unexpected(response.status, cause);
  }
  const body = apiErrorSchema.safeParse(payload);
  if (!body.success) return unexpected(response.status, body.error);
  const translation = serverMessage(body.data.detail);
  return new ApiError({
    type: 'api',
    message: body.data.detail,
    // The app moves to the two-step setup page instead (setTwoStepRequiredHandler): no toast.
    ...(body.data.extraType === EXTRA_TYPES.mfaRequired && { hideNotification: true }),
    ...(translation && { messageKey: translation.key, messageValues: translation.values }),
    detail: body.data.detail,
    status: response.status,
    ...(body.data.extraType === undefined ? {} : { extraType: body.data.extraType }),
  });
}

/** 403 MFA_REQUIRED: the caller's company requires two-step sign-in, which the caller has not set up. */
export function isTwoStepRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.extraType === EXTRA_TYPES.mfaRequired;
}

function unexpected(status: number, cause: unknown): ApiError {
  return new ApiError({
    type: 'unexpected',
    message: UNEXPECTED_API_MESSAGE,
    messageKey: 'errors.apiUnexpected',
    status,
    cause,
  });
}
