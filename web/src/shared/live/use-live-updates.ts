import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { i18n } from '@/shared/i18n/i18n.ts';
import { serviceEndpoint } from '@/shared/lib/api-client.ts';
import { serverMessage } from '@/shared/lib/server-error-messages.ts';
import { toast } from '@/shared/lib/toast.ts';
import { runChangeStream, type StreamRefusal, type StreamStatus } from './change-stream.ts';
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
 * A stream refused for too many open streams says so once, in the user's language.
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
        // The first opening comes after the page has settled (app/layouts/LiveUpdates): what the screens
        // loaded before it may have changed meanwhile.
        else invalidator.refreshLoaded();
        opened = true;
        gap = false;
        return;
      }
      gap = true;
      poll ??= setInterval(invalidator.refreshAll, pollMs);
    };
    // Too many streams (429): said once until the stream opens again; the screens poll meanwhile.
    let told = false;
    const onRefused = ({ status, detail }: StreamRefusal) => {
      if (status !== 429 || told) return;
      told = true;
      const message = detail ? serverMessage(detail) : undefined;
      toast.warning(
        message ? i18n.t(message.key, message.values) : (detail ?? i18n.t('errors.server.tooManyRequests')),
      );
    };
    void runChangeStream({
      url: () => endpoint.url('/companies/events'),
      token: endpoint.token,
      onChange: invalidator.change,
      onStatus: (status) => {
        if (status === 'open') told = false;
        onStatus(status);
      },
      onRefused,
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
