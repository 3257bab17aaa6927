import { type ReactNode, useCallback } from 'react';
import { type Location, useBeforeUnload, useBlocker } from 'react-router';
import { LeaveConfirmationDialog } from './LeaveConfirmationDialog.tsx';

/** Navigation state of a move that must not ask (sign-out: the session is already gone, nothing to stay on). */
export const UNGUARDED_NAVIGATION = { unguardedNavigation: true } as const;

const isUnguarded = (location: Location) =>
  typeof location.state === 'object' && location.state !== null && 'unguardedNavigation' in location.state;

/**
 * SPEC §2 leave confirmation for a form that is a page (not a dialog): while it has unsaved changes, going
 * to another page in the app (a link, the menu, Back) asks 'Are you sure you want to leave?' (Leave goes,
 * Stay on this page keeps the changes), and a reload or closing the tab gets the browser's own prompt.
 * A change of the query alone (a dialog opened by URL) keeps the page and does not ask.
 *
 *   const leaveConfirmation = useLeaveGuard(formState.isDirty);
 *   return <form>…{leaveConfirmation}</form>;
 */
export function useLeaveGuard(isDirty: boolean): ReactNode {
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
        isDirty && currentLocation.pathname !== nextLocation.pathname && !isUnguarded(nextLocation),
      [isDirty],
    ),
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!isDirty) return;
        event.preventDefault();
        // Older Chromium and Safari ask only when returnValue is set.
        event.returnValue = '';
      },
      [isDirty],
    ),
  );
  return (
    <LeaveConfirmationDialog
      open={blocker.state === 'blocked'}
      onLeave={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
    />
  );
}
