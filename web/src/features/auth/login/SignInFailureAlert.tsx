import { FailureAlert } from '../components/FailureAlert.tsx';
import { type AuthFailure, FAILURE_MESSAGE_KEYS } from '../errors/auth-failure.ts';
import { ResendPasswordButton } from './ResendPasswordButton.tsx';

/** Failures a new temporary password answers: 'Resend password' beside the message. */
const RESEND_ANSWERS: readonly AuthFailure[] = ['temporaryPasswordExpired', 'temporaryPasswordPending'];

/** A sign-in or reset failure's SPEC §8 message, with 'Resend password' where a new temporary one helps. */
export function SignInFailureAlert({
  failure,
  email,
  onFailure,
}: {
  failure: AuthFailure;
  /** The e-mail typed in the form, read when Resend password is pressed. */
  email: () => string;
  onFailure: (failure: AuthFailure) => void;
}) {
  return (
    <FailureAlert
      messageKeys={FAILURE_MESSAGE_KEYS[failure]}
      action={
        RESEND_ANSWERS.includes(failure) ? (
          <ResendPasswordButton email={email} onFailure={onFailure} />
        ) : undefined
      }
    />
  );
}
