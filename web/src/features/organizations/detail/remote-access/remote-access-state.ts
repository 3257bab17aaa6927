import type { RemoteAccess } from '@portal/contracts/organizations';

export type RemoteAccessState = 'enabled' | 'requesting' | 'disabled';

/** SPEC §4 remote access: enabled wins over a pending request. */
export function remoteAccessState(remoteAccess: RemoteAccess): RemoteAccessState {
  if (remoteAccess.enabled) return 'enabled';
  if (remoteAccess.requesting) return 'requesting';
  return 'disabled';
}
