import {
  type AuthFailure,
  classifyAuthError,
  FAILURE_MESSAGE_KEYS,
} from '@/features/auth/errors/auth-failure.ts';
import { noteWrongPassword } from '@/features/auth/login/password-failures.ts';

export interface FormFailure {
  failure: AuthFailure;
  /** The message lines (translation keys) LoginPage would show. */
  messageKeys: readonly string[];
  /** 'Password attempts exceeded': the lockout advice opens too. */
  lockout: boolean;
  /** One the form does not answer itself: the app's login page takes over and submits again. */
  handOver: boolean;
}

/**
 * A failed sign-in of the pre-rendered form, judged as LoginPage judges it: the same classification, and past
 * the fifth wrong password for this e-mail the account is locked (password-failures.ts, the same count the
 * app keeps). An expired temporary password is answered with the app's 'Resend password', so it hands over.
 */
export function signInFailure(error: unknown, email: string): FormFailure {
  let failure = classifyAuthError(error);
  if (failure === 'badCredentials' && noteWrongPassword(email)) failure = 'lockedOut';
  return {
    failure,
    messageKeys: FAILURE_MESSAGE_KEYS[failure],
    lockout: failure === 'lockedOut',
    handOver: failure === 'temporaryPasswordExpired',
  };
}
