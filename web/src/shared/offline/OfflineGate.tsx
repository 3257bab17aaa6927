import Box from '@mui/material/Box';
import { type ReactNode, useRef } from 'react';
import { useLocation } from 'react-router';
import { OfflineScreen } from './OfflineScreen.tsx';
import { probeConnection } from './probe-connection.ts';
import { useWaitsWithoutData } from './shown-data.ts';
import { useOnline } from './use-online.ts';

/**
 * The page, or the offline screen when the page was opened offline and waits for data this device never had
 * (a screen not loaded before). A page opened online keeps whatever it shows when the network goes, also while
 * a part of it is still loading; one opened offline whose data was all asked for before shows what it has. The page stays mounted (hidden), so its queries stay on and fill
 * it as soon as the network returns.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const online = useOnline();
  const waits = useWaitsWithoutData();
  const { pathname } = useLocation();
  // Whether this page was opened while offline (and has not been online since).
  const opened = useRef({ pathname, offline: !online });
  if (opened.current.pathname !== pathname) opened.current = { pathname, offline: !online };
  if (online) opened.current.offline = false;
  const blocked = !online && opened.current.offline && waits;
  return (
    <>
      {blocked && <OfflineScreen onRetry={() => void probeConnection()} />}
      <Box sx={{ display: blocked ? 'none' : 'contents' }}>{children}</Box>
    </>
  );
}
