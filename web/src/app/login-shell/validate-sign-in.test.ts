import { MESSAGES } from '@portal/contracts/validation';
import { describe, expect, it } from 'vitest';
import { signInFormSchema } from '@/features/auth/forms/auth-schemas.ts';
import { validationMessageKey } from '@/features/auth/forms/validation-message.ts';
import { validateSignIn } from './validate-sign-in.ts';

/** The message key LoginPage shows under each field: signInFormSchema's first issue per field, translated. */
function appMessages(email: string, password: string) {
  const result = signInFormSchema.safeParse({ email, password });
  const messages: { email?: string; password?: string } = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !messages[field]) {
      messages[field] = validationMessageKey(issue.message);
    }
  }
  return messages;
}

function formMessages(email: string, password: string) {
  const problems = validateSignIn(email, password);
  const messages: { email?: string; password?: string } = {};
  if (problems.email) messages.email = validationMessageKey(MESSAGES[problems.email]);
  if (problems.password) messages.password = validationMessageKey(MESSAGES[problems.password]);
  return messages;
}

describe("the pre-rendered form's rules", () => {
  it.each([
    ['', ''],
    ['   ', 'x'],
    ['owner@example.test', ''],
    ['  owner@example.test  ', 'Secret-1'],
    ['owner@example', 'Secret-1'],
    ['owner.example.test', 'Secret-1'],
    ['owner@@example.test', 'Secret-1'],
    ['first.last+tag@sub.example.co', ' '],
    ['.owner@example.test', 'Secret-1'],
    ['owner@-example.test', 'Secret-1'],
    ['owner@example.t', 'Secret-1'],
    ["Owner_O'Neil@Example.COM", 'Secret-1'],
    [`${'a'.repeat(241)}@example.test`, 'Secret-1'],
    [`${'a'.repeat(242)}@example.test`, 'Secret-1'],
  ])("give the app form's messages for %j / %j", (email, password) => {
    expect(formMessages(email, password)).toEqual(appMessages(email, password));
  });

  it('name the problems the app would show', () => {
    expect(validateSignIn('', '')).toEqual({ email: 'fieldEmpty', password: 'fieldEmpty' });
    expect(validateSignIn('nobody', 'x')).toEqual({ email: 'invalidEmail' });
    expect(validateSignIn(`${'a'.repeat(242)}@example.test`, 'x')).toEqual({ email: 'invalidEmail' });
    expect(validateSignIn(`${'a'.repeat(241)}@example.test`, 'x')).toEqual({});
    expect(validateSignIn(' owner@example.test ', ' ')).toEqual({});
  });
});
