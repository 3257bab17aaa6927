import { type ReactNode, useCallback, useState } from 'react';
import { LeaveConfirmationDialog } from './LeaveConfirmationDialog.tsx';

export interface GuardedClose {
  /** Call for Close, Cancel, Escape or a backdrop click: closes at once when unmodified, else asks first. */
  requestClose: () => void;
  /** Render this next to the form's dialog; it is the leave confirmation. */
  confirmation: ReactNode;
}

/**
 * SPEC §2 leave confirmation for any form: closing or cancelling a modified form asks
 * 'Are you sure you want to leave?'; Leave closes the form, Stay on this page keeps it.
 * An unmodified form closes directly.
 *
 *   const { requestClose, confirmation } = useGuardedClose({ isDirty: formState.isDirty, onClose });
 *   <Dialog onClose={requestClose}>… <Button onClick={requestClose}>Cancel</Button></Dialog>{confirmation}
 */
export function useGuardedClose({
  isDirty,
  onClose,
}: {
  isDirty: boolean;
  onClose: () => void;
}): GuardedClose {
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => {
    if (isDirty) setAsking(true);
    else onClose();
  }, [isDirty, onClose]);
  const leave = useCallback(() => {
    setAsking(false);
    onClose();
  }, [onClose]);
  const stay = useCallback(() => setAsking(false), []);
  return {
    requestClose,
    confirmation: <LeaveConfirmationDialog open={asking} onLeave={leave} onStay={stay} />,
  };
}
