import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  newPasswordFormSchema,
  resetConfirmFormSchema,
  resetRequestFormSchema,
  signInFormSchema,
} from './auth-schemas.ts';
import { validationMessageKey } from './validation-message.ts';

function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('sign-in form', () => {
  it('requires email and password and checks the email', () => {
    expect(errors(signInFormSchema, { email: ' ', password: '' })).toEqual({
      email: 'The field cannot be empty.',
      password: 'The field cannot be empty.',
    });
    expect(errors(signInFormSchema, { email: 'not-an-email', password: 'x' })).toEqual({
      email: 'Invalid e-mail',
    });
    expect(errors(signInFormSchema, { email: ' a@b.example ', password: 'x' })).toEqual({});
    // At most 254 characters, as the server takes (resend password, members).
    expect(errors(signInFormSchema, { email: `${'a'.repeat(250)}@b.example`, password: 'x' })).toEqual({
      email: 'Invalid e-mail',
    });
    expect(errors(resetRequestFormSchema, { email: `${'a'.repeat(250)}@b.example` })).toEqual({
      email: 'Invalid e-mail',
    });
  });
});

describe('new password form', () => {
  it('refuses a password outside the policy with "Invalid password"', () => {
    for (const bad of [
      '',
      'short1A',
      'no digits Here',
      'alllower1',
      'ALLUPPER1',
      'With space1A',
      `A1${'a'.repeat(63)}`,
    ]) {
      expect(errors(newPasswordFormSchema, { newPassword: bad, confirmPassword: bad }).newPassword, bad).toBe(
        'Invalid password',
      );
    }
  });

  it('requires the confirmation and says when it differs', () => {
    expect(errors(newPasswordFormSchema, { newPassword: 'Valid-Pass1', confirmPassword: '' })).toEqual({
      confirmPassword: 'The field cannot be empty.',
    });
    expect(
      errors(newPasswordFormSchema, { newPassword: 'Valid-Pass1', confirmPassword: 'Valid-Pass2' }),
    ).toEqual({
      confirmPassword: 'Password do not match',
    });
    expect(
      errors(newPasswordFormSchema, { newPassword: 'Valid-Pass1', confirmPassword: 'Valid-Pass1' }),
    ).toEqual({});
  });
});

describe('reset and change password forms', () => {
  it('requires the code', () => {
    expect(
      errors(resetConfirmFormSchema, {
        code: ' ',
        newPassword: 'Valid-Pass1',
        confirmPassword: 'Valid-Pass1',
      }),
    ).toEqual({
      code: 'The field cannot be empty.',
    });
  });

  it('requires the current password after trimming', () => {
    expect(
      errors(changePasswordFormSchema, {
        currentPassword: '  ',
        newPassword: 'Valid-Pass1',
        confirmPassword: 'Valid-Pass1',
      }),
    ).toEqual({ currentPassword: 'The field cannot be empty.' });
  });
});

describe('validation messages', () => {
  it('translates every form message through a key', () => {
    expect(validationMessageKey('Password do not match')).toBe('auth.validation.passwordMismatch');
    expect(validationMessageKey('Invalid password')).toBe('auth.validation.invalidPassword');
    expect(validationMessageKey(undefined)).toBeUndefined();
  });
});
