import { regexes } from 'zod/v4/core';

/** contracts' EMAIL_MAX_LENGTH, written out so this chunk does not load the shared schemas (and all of zod). */
const EMAIL_MAX_LENGTH = 254;

/** What is wrong with a field, named as in the shared rules' MESSAGES (@portal/contracts/validation). */
export type FieldProblem = 'fieldEmpty' | 'invalidEmail';

export interface SignInProblems {
  email?: FieldProblem;
  password?: FieldProblem;
}

/**
 * The sign-in form's rules (signInFormSchema in features/auth/forms/auth-schemas.ts) without zod's schemas,
 * for the pre-rendered form: the e-mail is required once trimmed, at most 254 characters and must match zod's
 * own e-mail pattern (what `z.email()` checks), the password only must not be empty. validate-sign-in.test.ts holds both to
 * the same answers.
 */
export function validateSignIn(email: string, password: string): SignInProblems {
  const problems: SignInProblems = {};
  const trimmed = email.trim();
  if (trimmed === '') problems.email = 'fieldEmpty';
  else if (trimmed.length > EMAIL_MAX_LENGTH || !regexes.email.test(trimmed)) problems.email = 'invalidEmail';
  if (password === '') problems.password = 'fieldEmpty';
  return problems;
}
