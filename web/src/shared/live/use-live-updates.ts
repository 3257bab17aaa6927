import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { serviceEndpoint } from '@/shared/lib/api-client.ts';
import { runChangeStream, type StreamStatus } from './change-stream.ts';
import { createLiveInvalidator } from './live-invalidator.ts';

/** Without the stream, every live query is refetched this often. */
export const FALLBACK_POLL_MS = 30_000;

export interface LiveUpdatesOptions {
  fetch?: typeof fetch;
  retryDelaysMs?: readonly number[];
  pollMs?: number;
  delayMs?: number;
}

/**
 * While `enabled` (a dealer is signed in): keeps the change stream (`GET /companies/events`) open and
 * refetches the queries tagged `meta.live` that each change concerns — dashboard statistics, the customer
 * list, a customer's statistics, sites and devices, the incidents. While the stream cannot be opened, every
 * live query is refetched every 30 s instead; when it opens again after a gap, once, for what was missed.
 */
export function useLiveUpdates(enabled: boolean, options: LiveUpdatesOptions = {}): void {
  const client = useQueryClient();
  const { fetch, retryDelaysMs, pollMs = FALLBACK_POLL_MS, delayMs } = options;
  useEffect(() => {
    if (!enabled) return;
    const invalidator = createLiveInvalidator(client, delayMs === undefined ? {} : { delayMs });
    const controller = new AbortController();
    const endpoint = serviceEndpoint('userPortal');
    let poll: ReturnType<typeof setInterval> | undefined;
    let opened = false;
    let gap = false;
    const onStatus = (status: StreamStatus) => {
      if (status === 'open') {
        clearInterval(poll);
        poll = undefined;
        if (opened || gap) invalidator.refreshAll();
        opened = true;
        gap = false;
        return;
      }
      gap = true;
      poll ??= setInterval(invalidator.refreshAll, pollMs);
    };
    void runChangeStream({
      url: () => endpoint.url('/companies/events'),
      token: endpoint.token,
      onChange: invalidator.change,
      onStatus,
      signal: controller.signal,
      ...(fetch && { fetch }),
      ...(retryDelaysMs && { retryDelaysMs }),
    });
    return () => {
      controller.abort();
      clearInterval(poll);
      invalidator.dispose();
    };
  }, [client, enabled, fetch, retryDelaysMs, pollMs, delayMs]);
}
