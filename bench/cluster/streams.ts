/**
 * Open event streams (`GET /companies/events`) through the balancer, reconnecting as the web app does
 * (shared/live/change-stream.ts): after the server's `event: reconnect` its `retry`, after a stream that
 * ended 1 s, after a failed attempt 1 s. Measures each gap: from a stream's end to the next one open.
 */

export interface StreamFigures {
  opened: number;
  /** Streams that ended while the load ran and were open again: the gap of each, ms. */
  gaps: number[];
  /** Reconnect events received (a process shutting down). */
  reconnectEvents: number;
  /** Attempts that did not open (a status other than 200, a network error). */
  failedAttempts: string[];
  /** A stream ended and was not open again when the load stopped. */
  unresumed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps one stream open until `signal` aborts. */
export async function keepStreamOpen(
  url: string,
  token: string,
  figures: StreamFigures,
  signal: AbortSignal,
): Promise<void> {
  let endedAt: number | undefined;
  while (!signal.aborted) {
    let wait = 1000;
    try {
      const response = await fetch(`${url}/api/user-portal/companies/events`, {
        headers: { authorization: `Bearer ${token}` },
        signal,
      });
      if (response.status !== 200 || !response.body) {
        figures.failedAttempts.push(`${response.status} ${(await response.text()).slice(0, 120)}`);
      } else {
        const decoder = new TextDecoder();
        let buffer = '';
        let open = false;
        for await (const chunk of response.body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          if (!open && buffer.includes(': connected')) {
            open = true;
            figures.opened += 1;
            if (endedAt !== undefined) figures.gaps.push(performance.now() - endedAt);
            endedAt = undefined;
          }
          const farewell = /event: reconnect\nretry: (\d+)/.exec(buffer);
          if (farewell) {
            figures.reconnectEvents += 1;
            wait = Number(farewell[1]);
            buffer = '';
          }
          // Keep only an unfinished block.
          const last = buffer.lastIndexOf('\n\n');
          if (last >= 0) buffer = buffer.slice(last + 2);
        }
        if (open) endedAt = performance.now();
      }
    } catch (error) {
      if (signal.aborted) break;
      figures.failedAttempts.push(`network: ${(error as Error).message}`);
      endedAt ??= performance.now();
    }
    if (signal.aborted) break;
    await sleep(wait);
  }
  if (endedAt !== undefined) figures.unresumed += 1;
}
