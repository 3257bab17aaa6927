import { useLiveUpdates } from '@/shared/live/use-live-updates.ts';
import { useAccount } from '@/shared/session/use-account.ts';

/**
 * Live device health (issue 14): while a dealer is signed in, the change stream stays open and the screens
 * showing device state or incidents refetch by themselves (shared/live). Other roles see none of them.
 */
export function LiveUpdates() {
  useLiveUpdates(useAccount()?.user.role === 'dealer');
  return null;
}
