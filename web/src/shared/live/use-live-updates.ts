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
 * live query is refetched every 30 s instead.
 *
 * What the screens may have missed — changes between their reads and the stream's opening, or while it was
 * down, or between one stream's end and the next (the server ends each after 5 minutes) — the server replays:
 * each opening asks for the changes since the screens were last known up to date (`replayMs`: since the page
 * started, then since the last event or replay), and only the queries those changes concern refetch. A
 * server that does not replay (no CHANGE_REPLAY_HEADER) gets the old way: every loaded live query refetches.
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
    // Until when the screens are known to have every change: every read was after the page started.
    let upToDate = performance.timeOrigin;
    let openedAt = upToDate;
    const onStatus = (status: StreamStatus, stream?: { replays: boolean }) => {
      if (status === 'open') {
        clearInterval(poll);
        poll = undefined;
        openedAt = Date.now();
        // A replaying server sends what was missed as the stream's first event. Otherwise: the first opening
        // comes after the page has settled (app/layouts/LiveUpdates), and what the screens loaded before it
        // may have changed meanwhile; a reopening may have missed anything.
        if (!stream?.replays) {
          if (opened || gap) invalidator.refreshAll();
          else invalidator.refreshLoaded();
        }
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
      url: () => endpoint.url(`/companies/events?replayMs=${Math.max(0, Math.round(Date.now() - upToDate))}`),
      token: endpoint.token,
      onChange: (change) => {
        upToDate = Date.now();
        invalidator.change(change);
      },
      onReplayed: () => {
        upToDate = Math.max(upToDate, openedAt);
      },
      onStatus: (status, stream) => {
        if (status === 'open') told = false;
        onStatus(status, stream);
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
