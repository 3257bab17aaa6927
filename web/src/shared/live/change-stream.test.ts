import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADED_MACHINE } from '@/test/loaded-machine.ts';
import { sseStream } from '@/test/sse-stream.ts';
import { runChangeStream, type StreamRefusal, type StreamStatus } from './change-stream.ts';

const URL_ = 'http://portal.test/api/user-portal/companies/events';

function harness(answers: (() => Response)[], retryDelaysMs: readonly number[] = [5, 10]) {
  const controller = new AbortController();
  const changes: unknown[] = [];
  const statuses: StreamStatus[] = [];
  const tokens: boolean[] = [];
  const refusals: StreamRefusal[] = [];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const answer = answers.shift();
    if (!answer) return new Promise<Response>(() => undefined); // never answers again
    return answer();
  });
  const done = runChangeStream({
    url: () => URL_,
    token: async ({ forceRefresh }) => {
      tokens.push(forceRefresh);
      return `token-${tokens.length}`;
    },
    onChange: (change) => changes.push(change),
    onStatus: (status) => statuses.push(status),
    onRefused: (refusal) => refusals.push(refusal),
    signal: controller.signal,
    fetch: fetchMock as unknown as typeof fetch,
    retryDelaysMs,
  });
  return { controller, changes, statuses, tokens, refusals, fetchMock, done };
}

const authorization = (call: unknown[]) =>
  ((call[1] as RequestInit).headers as Record<string, string>).authorization;

afterEach(() => vi.restoreAllMocks());

describe('change stream', () => {
  it('sends the company token and passes each change event on; other events and bad data are ignored', async () => {
    const stream = sseStream();
    const run = harness([stream.response]);
    await vi.waitFor(() => expect(run.statuses).toEqual(['open']), LOADED_MACHINE);
    stream.comment();
    stream.change({ kinds: ['incidents'], organizationIds: ['o1'] });
    await vi.waitFor(() => expect(run.changes).toHaveLength(1), LOADED_MACHINE);
    expect(run.changes[0]).toMatchObject({ kinds: ['incidents'], organizationIds: ['o1'] });
    expect(authorization(run.fetchMock.mock.calls[0]!)).toBe('Bearer token-1');
    // Issue 24: a stream that never ends must not look like the page still loading.
    expect((run.fetchMock.mock.calls[0]![1] as RequestInit).priority).toBe('low');
    run.controller.abort();
    await run.done;
  });

  it('after a 401, opens it again with a fresh token', async () => {
    const stream = sseStream();
    const run = harness([() => new Response('{}', { status: 401 }), stream.response]);
    await vi.waitFor(() => expect(run.statuses).toEqual(['down', 'open']), LOADED_MACHINE);
    expect(run.tokens).toEqual([false, true]);
    expect(authorization(run.fetchMock.mock.calls[1]!)).toBe('Bearer token-2');
    run.controller.abort();
    await run.done;
  });

  it('reopens at once (after the server’s `retry`) when a server shutting down says reconnect', async () => {
    const first = sseStream();
    const second = sseStream();
    // Without the reconnect event, a stream that ended waits its first delay: longer than any test runs.
    const run = harness([first.response, second.response], [10 * 60_000]);
    await vi.waitFor(() => expect(run.statuses).toEqual(['open']), LOADED_MACHINE);
    first.reconnect(0);
    first.end();
    await vi.waitFor(() => expect(run.statuses).toEqual(['open', 'open']), LOADED_MACHINE);
    expect(run.fetchMock).toHaveBeenCalledTimes(2);
    second.change({ kinds: ['incidents'] });
    await vi.waitFor(() => expect(run.changes).toHaveLength(1), LOADED_MACHINE);
    run.controller.abort();
    await run.done;
  });

  it('opens it again when the server ends it, and when the network fails', async () => {
    const first = sseStream();
    const second = sseStream();
    const run = harness([
      first.response,
      () => {
        throw new TypeError('network down');
      },
      second.response,
    ]);
    await vi.waitFor(() => expect(run.statuses).toEqual(['open']), LOADED_MACHINE);
    first.end();
    await vi.waitFor(() => expect(run.statuses).toEqual(['open', 'down', 'open']), LOADED_MACHINE);
    second.change({ kinds: ['devices'] });
    await vi.waitFor(() => expect(run.changes).toHaveLength(1), LOADED_MACHINE);
    run.controller.abort();
    await run.done;
  });

  it('passes a refusal (429: too many streams) on with its detail, and waits the Retry-After before trying again', async () => {
    const detail =
      'Too many live update connections are open for your account. Close other tabs of the portal and try again.';
    const run = harness([
      () =>
        new Response(JSON.stringify({ detail, extraType: 'RATE_LIMITED' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '60' },
        }),
    ]);
    await vi.waitFor(() => expect(run.statuses).toEqual(['down']));
    expect(run.refusals).toEqual([{ status: 429, detail }]);
    // The retry delays here are 5 ms; the server asked for 60 s.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(run.fetchMock).toHaveBeenCalledTimes(1);
    run.controller.abort();
    await run.done;
  });
  it('opens it again at once when the browser is back online, not after the wait of its failures', async () => {
    const stream = sseStream();
    const answers = [() => Promise.reject(new TypeError('Failed to fetch')), stream.response];
    const statuses: StreamStatus[] = [];
    const controller = new AbortController();
    const fetchMock = vi.fn(async () =>
      (answers.shift() ?? (() => new Promise<Response>(() => undefined)))(),
    );
    const done = runChangeStream({
      url: () => URL_,
      token: async () => 'token',
      onChange: () => undefined,
      onStatus: (status) => statuses.push(status),
      signal: controller.signal,
      fetch: fetchMock as unknown as typeof fetch,
      // Far longer than any test: only the online event can bring the second attempt.
      retryDelaysMs: [3_600_000],
    });
    await vi.waitFor(() => expect(statuses).toEqual(['down']), LOADED_MACHINE);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(statuses).toEqual(['down', 'open']), LOADED_MACHINE);
    controller.abort();
    await done;
  });
});
