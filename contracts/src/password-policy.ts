import { z } from 'zod';

/**
 * The password policy of SPEC §5, shared by the web form (live checklist) and the identity service
 * (which answers violations with Cognito's InvalidPasswordException).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const INVALID_PASSWORD_MESSAGE = 'Invalid password';

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number';

export interface PasswordRule {
  id: PasswordRuleId;
  /** The checklist text shown under the new-password field. */
  message: string;
  test(password: string): boolean;
}

const length = (password: string) => Array.from(password).length;

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    message: '8-64 characters with no space',
    test: (p) => length(p) >= PASSWORD_MIN_LENGTH && length(p) <= PASSWORD_MAX_LENGTH && !/\s/.test(p),
  },
  { id: 'uppercase', message: 'At least one uppercase alphabetic character', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', message: 'At least one lowercase alphabetic character', test: (p) => /[a-z]/.test(p) },
  { id: 'number', message: 'One numeric character', test: (p) => /[0-9]/.test(p) },
];

export interface PasswordCheck {
  id: PasswordRuleId;
  message: string;
  passed: boolean;
}

/** Every rule with whether the password meets it, in checklist order. */
export function checkPassword(password: string): PasswordCheck[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, message: rule.message, passed: rule.test(password) }));
}

export function isValidPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** The new-password field: 'Invalid password' unless every rule passes. */
export const newPasswordSchema = z.string().refine(isValidPassword, INVALID_PASSWORD_MESSAGE);
