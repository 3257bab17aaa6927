import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

// Its own chunk: only a deep link opens it, so no signed-in page loads its form for the first paint.
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('./ChangePasswordDialog.tsx')).ChangePasswordDialog,
}));

export const CHANGE_PASSWORD_QUERY = 'changePassword';

/**
 * Opens the change-password dialog on any signed-in page whose URL has `?changePassword=1`, and removes the
 * parameter when it closes. The profile dialog opens the dialog itself; this stays as a deep link.
 */
export function ChangePasswordFromQuery() {
  const [params, setParams] = useSearchParams();
  const open = params.get(CHANGE_PASSWORD_QUERY) === '1';
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHANGE_PASSWORD_QUERY);
        return next;
      },
      { replace: true },
    );
  return open ? (
    <Suspense fallback={null}>
      <ChangePasswordDialog open onClose={close} />
    </Suspense>
  ) : null;
}
