import { use } from 'react';
import { loadSignedInLayouts, signedInLayouts } from './signed-in-layouts.ts';

/**
 * The signed-in routes' element: `AuthenticatedOutlet` (the page plus the identity dialogs any signed-in
 * page can raise: change password, lockout advice) and the dealer's live updates, from the signed-in chunk,
 * which their loader loads.
 */
export function SignedInOutlet() {
  const { AuthenticatedOutlet, LiveUpdates } = signedInLayouts() ?? use(loadSignedInLayouts());
  return (
    <>
      <LiveUpdates />
      <AuthenticatedOutlet />
    </>
  );
}
