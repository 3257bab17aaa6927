import { fetchEventSource } from '@microsoft/fetch-event-source';
import {
  CHANGE_REPLAY_HEADER,
  type ChangeEvent,
  changeEventSchema,
  RECONNECT_EVENT,
  REPLAYED_EVENT,
} from '@portal/contracts/incidents';

export type StreamStatus = 'open' | 'down';

export interface ChangeStreamOptions {
  /** The absolute URL of `GET /companies/events` (asked for at each attempt). */
  url: () => string;
  /** The company token; `forceRefresh` after the server refused the last one (401). */
  token: (options: { forceRefresh: boolean }) => Promise<string | null | undefined>;
  onChange: (change: ChangeEvent) => void;
  /**
   * `open` once the server accepted the stream (`replays`: it sends what changed in the `replayMs` the URL
   * asked for); `down` when an attempt to open it failed.
   */
  onStatus: (status: StreamStatus, stream?: { replays: boolean }) => void;
  /** The server has sent what changed in the time the URL asked for (`event: replayed`). */
  onReplayed?: () => void;
  /** The server refused to open the stream (e.g. 429: too many streams of this member), with its `detail`. */
  onRefused?: (refusal: StreamRefusal) => void;
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** Waits before the n-th retry in a row (the last one repeats). */
  retryDelaysMs?: readonly number[];
}

export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export interface StreamRefusal {
  status: number;
  detail: string | undefined;
}

class StreamRefused extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    /** The server's Retry-After: no attempt before it. */
    readonly retryAfterMs: number,
  ) {
    super(`the change stream answered ${status}`);
  }
}

async function refusalOf(response: Response): Promise<StreamRefused> {
  const detail = await response
    .json()
    .then((body: { detail?: unknown }) => (typeof body?.detail === 'string' ? body.detail : undefined))
    .catch(() => undefined);
  const retryAfter = Number(response.headers.get('retry-after'));
  return new StreamRefused(response.status, detail, Number.isFinite(retryAfter) ? retryAfter * 1000 : 0);
}
class StreamEnded extends Error {}

/** Waits `ms`, or less: until `signal` aborts or the browser's network comes back (the stream reopens at once). */
function sleep(ms: number, signal: AbortSignal): Promise<'slept' | 'online'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done('slept'), ms);
    const aborted = () => done('slept');
    const online = () => done('online');
    signal.addEventListener('abort', aborted, { once: true });
    globalThis.addEventListener?.('online', online, { once: true });
    function done(reason: 'slept' | 'online') {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      globalThis.removeEventListener?.('online', online);
      resolve(reason);
    }
  });
}

/**
 * Keeps `GET /companies/events` (server-sent events, company token in the Authorization header, so fetch
 * rather than EventSource) open until `signal` aborts: each `event: change` goes to `onChange`. Whenever the
 * stream fails or ends (the server closes it, e.g. when the token expires), it opens it again with a token
 * from the token layer, a fresh one after a 401, waiting longer after each failure in a row, and at once when
 * the browser's network comes back. A server shutting down says `event: reconnect` first, with the wait
 * (a fraction of a second) in its `retry` field: the balancer sends the new stream to another process.
 */
export async function runChangeStream(options: ChangeStreamOptions): Promise<void> {
  const { signal } = options;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const fetchImpl =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let failures = 0;
  let forceRefresh = false;
  while (!signal.aborted) {
    let opened = false;
    let notBefore = 0;
    /** Set when the server said it is shutting down: reopen after its `retry`, not the usual delay. */
    let reconnectAfterMs: number | undefined;
    try {
      const url = options.url();
      const token = await options.token({ forceRefresh });
      forceRefresh = false;
      await fetchEventSource(url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal,
        // The app decides what a hidden tab does with the events (it defers refetches); the stream stays.
        openWhenHidden: true,
        // A stream never ends: at the default (high) priority it would count as a page load still in
        // progress for tools that wait for the network to settle (Lighthouse), and compete with the page's reads.
        priority: 'low',
        fetch: fetchImpl,
        async onopen(response) {
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.startsWith('text/event-stream')) throw await refusalOf(response);
          opened = true;
          failures = 0;
          options.onStatus('open', { replays: response.headers.get(CHANGE_REPLAY_HEADER) === '1' });
        },
        onmessage(message) {
          if (message.event === RECONNECT_EVENT) reconnectAfterMs = message.retry ?? 0;
          if (message.event === REPLAYED_EVENT) options.onReplayed?.();
          if (message.event !== 'change') return;
          let payload: unknown;
          try {
            payload = JSON.parse(message.data);
          } catch {
            return;
          }
          const change = changeEventSchema.safeParse(payload);
          if (change.success) options.onChange(change.data);
        },
        onclose() {
          throw new StreamEnded('the server ended the change stream');
        },
        onerror(error) {
          throw error; // this loop retries, with a fresh token
        },
      });
    } catch (error) {
      if (error instanceof StreamRefused) {
        if (error.status === 401) forceRefresh = true;
        else options.onRefused?.({ status: error.status, detail: error.detail });
        notBefore = error.retryAfterMs;
      }
    }
    if (signal.aborted) return;
    if (!opened) {
      failures += 1;
      options.onStatus('down');
    }
    // A stream that was open and ended is opened again after the first delay (or when a server shutting
    // down said); failures wait longer.
    const delay =
      opened && reconnectAfterMs !== undefined
        ? reconnectAfterMs
        : (delays[Math.min(Math.max(failures - 1, 0), delays.length - 1)] ?? 30_000);
    // Back online, the stream opens again at once and its failures in a row start over.
    if ((await sleep(Math.max(delay, notBefore), signal)) === 'online') failures = 0;
  }
}
