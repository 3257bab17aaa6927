import { INVALID_PASSWORD_MESSAGE } from '@portal/contracts/password-policy';
import { MESSAGES } from '@portal/contracts/validation';
import { PASSWORD_MISMATCH_MESSAGE } from './auth-schemas.ts';

/** The change-password dialog's server answer for a wrong current password (SPEC §8). */
export const INCORRECT_PASSWORD_MESSAGE = 'Incorrect password.';

const KEYS: Record<string, string> = {
  [MESSAGES.fieldEmpty]: 'auth.validation.fieldEmpty',
  [MESSAGES.invalidEmail]: 'auth.validation.invalidEmail',
  [INVALID_PASSWORD_MESSAGE]: 'auth.validation.invalidPassword',
  [PASSWORD_MISMATCH_MESSAGE]: 'auth.validation.passwordMismatch',
  [INCORRECT_PASSWORD_MESSAGE]: 'auth.errors.incorrectPassword',
};

/** The translation key of a form rule's English message (the schemas speak SPEC §5 English). */
export function validationMessageKey(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return KEYS[message] ?? 'auth.errors.somethingWentWrong';
}
