import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/password-policy';
import { CognitoError } from './errors.ts';

/**
 * The shared password policy (SPEC §5) in Cognito's words: the first rule broken becomes an
 * InvalidPasswordException. The messages for "too long" and "spaces" are ours; Cognito's policy has
 * no such rules.
 */
export function assertPasswordPolicy(password: string): void {
  const reason = policyViolation(password);
  if (reason)
    throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${reason}`);
}

function policyViolation(password: string): string | undefined {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) return 'Password not long enough';
  if (length > PASSWORD_MAX_LENGTH) return 'Password is too long';
  if (/\s/.test(password)) return 'Password must not contain spaces';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  return undefined;
}
