import { Outlet } from 'react-router';
import { ChangePasswordFromQuery } from './change-password/ChangePasswordFromQuery.tsx';
import { LockoutAdviceHost } from './change-password/LockoutAdviceHost.tsx';

/** The element of the signed-in routes: the page, plus the identity dialogs any signed-in page can raise. */
export function AuthenticatedOutlet() {
  return (
    <>
      <Outlet />
      <ChangePasswordFromQuery />
      <LockoutAdviceHost />
    </>
  );
}
