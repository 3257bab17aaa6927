import { onlineManager } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { OfflineScreen } from './OfflineScreen.tsx';
import { probeConnection } from './probe-connection.ts';

/**
 * A route that failed because the network is gone: the offline screen, and the route's loaders run again by
 * themselves when the network returns (or when Try again finds the server).
 */
export function OfflineRouteError() {
  const { revalidate } = useRevalidator();
  useEffect(
    () =>
      onlineManager.subscribe((online) => {
        if (online) void revalidate();
      }),
    [revalidate],
  );
  return (
    <OfflineScreen onRetry={() => void probeConnection().then((ok) => (ok ? revalidate() : undefined))} />
  );
}
