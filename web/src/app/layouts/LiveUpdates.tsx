import { useEffect, useState } from 'react';
import { useLiveUpdates } from '@/shared/live/use-live-updates.ts';
import { useAccount } from '@/shared/session/use-account.ts';
import { whenPageSettled } from './page-settled.ts';

/**
 * Live device health (issue 14): while a dealer is signed in, the change stream stays open and the screens
 * showing device state or incidents refetch by themselves (shared/live). Other roles see none of them.
 * The stream opens once the page has loaded and the browser is idle (issue 24): it never ends, so opened
 * with the page it would hold the page's load open and compete with the first screen's reads.
 */
export function LiveUpdates() {
  const dealer = useAccount()?.user.role === 'dealer';
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageSettled(() => setSettled(true)), []);
  useLiveUpdates(dealer && settled);
  return null;
}
