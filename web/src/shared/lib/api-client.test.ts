import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

function clientWith(respond: typeof fetch, token: string | null = 'tok-1') {
  const fetchMock = vi.fn(respond);
  const deps: ApiClientDeps = {
    baseUrl: (service) => (service === 'reseller' ? '/api/reseller/' : 'https://platform.example/v'),
    getToken: async () => token,
    fetch: fetchMock,
  };
  return {
    fetchMock,
    request: createApiClient('reseller', deps),
    platform: createApiClient('platform', deps),
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('joins the service base URL and path, adds query and bearer token, sends JSON', async () => {
    const { request, fetchMock } = clientWith(async () => json({ ok: true }));
    await expect(
      request('/v1/companies/info', {
        method: 'PATCH',
        body: { name: 'N' },
        query: { cursor: 'c 1', skip: undefined },
      }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://localhost:3000/api/reseller/v1/companies/info?cursor=c+1');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"N"}');
  });

  it('uses absolute base URLs as they are and leaves anonymous calls without a token', async () => {
    const { platform, fetchMock } = clientWith(async () => json({}));
    await platform('v1/organizations/o1/services', { anonymous: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://platform.example/v/v1/organizations/o1/services');
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
  });

  it('returns a Blob for octet-stream and csv responses', async () => {
    for (const type of ['application/octet-stream', 'text/csv; charset=utf-8']) {
      const { request } = clientWith(async () => new Response('a,b', { headers: { 'content-type': type } }));
      const body = await request<Blob>('/report');
      // jsdom and Node each have a Blob class; compare by tag, not by realm.
      expect(Object.prototype.toString.call(body)).toBe('[object Blob]');
      expect(await body.text()).toBe('a,b');
    }
  });

  it('turns an error body into ApiError type api with detail, status and extraType', async () => {
    const { request } = clientWith(async () =>
      json({ detail: 'The Email Already Exists.', extraType: 'USER_EXIST' }, 409),
    );
    const error = await failure(request('/v1/companies/c/users', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      type: 'api',
      message: 'The Email Already Exists.',
      detail: 'The Email Already Exists.',
      status: 409,
      extraType: 'USER_EXIST',
    });
  });

  it("names the translation of a server text it knows, so it shows in the user's language", async () => {
    const { request } = clientWith(async () => json({ detail: 'Something went wrong!' }, 500));
    const error = await failure(request('/x'));
    expect(error.message).toBe('Something went wrong!');
    expect(error.messageKey).toBe('errors.somethingWentWrong');
    const { request: other } = clientWith(async () => json({ detail: 'name: Too long' }, 500));
    expect((await failure(other('/x'))).messageKey).toBeUndefined();
  });

  it('turns a body that is not an API error into type unexpected', async () => {
    const { request } = clientWith(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await failure(request('/v1/me'));
    expect(error).toMatchObject({
      type: 'unexpected',
      message: 'Something went wrong in api request',
      messageKey: 'errors.apiUnexpected',
      status: 502,
    });
  });

  it("reports a network failure as 'Failed to connect to server'", async () => {
    const { request } = clientWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(request('/v1/me'));
    expect(error).toMatchObject({ type: 'unexpected', message: 'Failed to connect to server' });
    expect(error.messageKey).toBe('errors.networkFailed');
  });

  it('lets an abort through unchanged', async () => {
    const { request } = clientWith(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(request('/v1/me')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('api client tokens', () => {
  it('passes the requested token kind and retries once with a fresh token after a 401', async () => {
    const getToken = vi.fn(
      async (_service: string, _need: unknown, { forceRefresh }: { forceRefresh: boolean }) =>
        forceRefresh ? 'fresh' : 'stale',
    );
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      new Headers(init?.headers).get('authorization') === 'Bearer fresh'
        ? json({ ok: true })
        : json({ detail: 'Unauthorized', extraType: 'UNAUTHORIZED' }, 401),
    );
    const platform = createApiClient('platform', {
      baseUrl: () => '/api/platform',
      getToken,
      fetch: fetchMock,
    });
    await expect(platform('/v1/x', { token: { kind: 'organization', orgId: 'o-1' } })).resolves.toEqual({
      ok: true,
    });
    expect(getToken.mock.calls.map((call) => [call[1], call[2]])).toEqual([
      [{ kind: 'organization', orgId: 'o-1' }, { forceRefresh: false }],
      [{ kind: 'organization', orgId: 'o-1' }, { forceRefresh: true }],
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
  it('reads again after a brief 503 with Retry-After (a server process shutting down), but never repeats a write', async () => {
    const brief = () =>
      json({ detail: 'The service is temporarily unavailable. Please try again later.' }, 503);
    const withRetryAfter = (seconds: string) => {
      const response = brief();
      response.headers.set('retry-after', seconds);
      return response;
    };
    const answers = [withRetryAfter('0'), withRetryAfter('0'), json({ ok: true })];
    const read = clientWith(async () => answers.shift() ?? json({}, 500));
    await expect(read.request('/v1/companies/info')).resolves.toEqual({ ok: true });
    expect(read.fetchMock).toHaveBeenCalledTimes(3);

    const write = clientWith(async () => withRetryAfter('0'));
    expect((await failure(write.request('/v1/companies/info', { method: 'PATCH', body: {} }))).status).toBe(
      503,
    );
    expect(write.fetchMock).toHaveBeenCalledTimes(1);

    // A long Retry-After (the database away) or none is the user's to see, not a wait.
    for (const answer of [() => withRetryAfter('30'), brief]) {
      const long = clientWith(async () => answer());
      expect((await failure(long.request('/v1/companies/info'))).status).toBe(503);
      expect(long.fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});
