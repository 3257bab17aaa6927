import { ROUTE } from '@/shared/navigation/route-names.ts';
import { useSignOut } from '@/shared/session/sign-out/use-sign-out.ts';
import { LockoutDialog } from '../components/LockoutDialog.tsx';
import { lockoutAdvice, useLockoutAdviceOpen } from './lockout-advice.ts';

/** SPEC §8: after too many wrong current passwords, Cancel or Reset (sign out, then reset the password). */
export function LockoutAdviceHost() {
  return useLockoutAdviceOpen() ? <OpenLockoutAdvice /> : null;
}

function OpenLockoutAdvice() {
  const signOut = useSignOut();
  return (
    <LockoutDialog
      open
      onCancel={lockoutAdvice.hide}
      onReset={() => void signOut({ to: ROUTE.RESET_PASSWORD }).finally(lockoutAdvice.hide)}
    />
  );
}
