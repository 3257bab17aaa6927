import { type FormEvent, useState } from 'react';
import { ONE_TIME_CODE } from './OneTimeCodeField.tsx';
import { type CodeSource, twoStepFailureKeys } from './two-step-failure.ts';

/**
 * A form that submits a one-time code (a sign-in's second step, setting up an authenticator app): the code as
 * typed, its six-digit check before anything is sent, the call's progress, and what went wrong in words the
 * user can act on (the code is cleared then, to type the next one).
 */
export function useOneTimeCodeForm({
  source,
  verify,
  failureLog,
  onAttempt,
}: {
  source: CodeSource;
  verify: (code: string) => Promise<void>;
  /** The console's line when the code is not accepted. */
  failureLog: string;
  /** Runs when a well-formed code is sent (CodeStep hides its "new code sent" then). */
  onAttempt?: () => void;
}) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ONE_TIME_CODE.test(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setFailure(null);
    onAttempt?.();
    setBusy(true);
    try {
      await verify(code);
    } catch (error) {
      console.error(failureLog, error);
      setFailure(twoStepFailureKeys(error, source));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return { code, setCode, invalid, busy, failure, setFailure, submit };
}
