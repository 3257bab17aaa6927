/** A bearer token and the moment (epoch ms) from which it must no longer be sent. */
export interface ExpiringToken {
  token: string;
  expiresAt: number;
}

export interface CachedTokenOptions {
  fetch: () => Promise<ExpiringToken>;
  /** Refresh this many ms before `expiresAt`. */
  marginMs: number;
  now: () => number;
}

/**
 * One cached token: fetched on first use, reused until `expiresAt - marginMs`, fetched again after that.
 * Concurrent callers share one request. `clear()` drops the token and makes a request still in flight
 * unable to store its answer (it belongs to a session or company that is gone).
 */
export function createCachedToken({ fetch, marginMs, now }: CachedTokenOptions) {
  let cached: ExpiringToken | null = null;
  let inFlight: Promise<ExpiringToken> | null = null;
  let generation = 0;

  const fresh = (token: ExpiringToken | null): token is ExpiringToken =>
    token !== null && now() < token.expiresAt - marginMs;

  async function get(options: { forceRefresh?: boolean } = {}): Promise<string> {
    if (!options.forceRefresh && fresh(cached)) return cached.token;
    if (!inFlight) {
      const started = generation;
      const request = fetch()
        .then((token) => {
          if (started === generation) cached = token;
          return token;
        })
        .finally(() => {
          if (inFlight === request) inFlight = null;
        });
      inFlight = request;
    }
    return (await inFlight).token;
  }

  function clear(): void {
    generation += 1;
    cached = null;
    inFlight = null;
  }

  return { get, clear };
}

export type CachedToken = ReturnType<typeof createCachedToken>;
