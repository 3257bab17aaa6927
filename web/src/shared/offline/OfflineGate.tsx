import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { OfflineScreen } from './OfflineScreen.tsx';
import { probeConnection } from './probe-connection.ts';
import { useWaitsWithoutData } from './shown-data.ts';
import { useOnline } from './use-online.ts';

/**
 * The page, or the offline screen while the network is gone and the page waits for data it never had. The
 * page stays mounted (hidden), so its queries stay on and fill it as soon as the network returns.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const online = useOnline();
  const waits = useWaitsWithoutData();
  const blocked = !online && waits;
  return (
    <>
      {blocked && <OfflineScreen onRetry={() => void probeConnection()} />}
      <Box sx={{ display: blocked ? 'none' : 'contents' }}>{children}</Box>
    </>
  );
}
