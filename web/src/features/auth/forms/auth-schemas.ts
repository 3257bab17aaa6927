import { INVALID_PASSWORD_MESSAGE, newPasswordSchema } from '@portal/contracts/password-policy';
import { emailSchema, MESSAGES } from '@portal/contracts/validation';
import { z } from 'zod';

/** SPEC §5 messages of the sign-in forms (English; `validation-message.ts` translates them). */
export const PASSWORD_MISMATCH_MESSAGE = 'Password do not match';

const required = z.string().trim().min(1, MESSAGES.fieldEmpty);
/** The shared e-mail rule: trimmed, required, at most 254 characters (what the server accepts). */
const email = emailSchema;
/** Passwords are sent as typed; only emptiness is checked on the sign-in side. */
const password = z.string().min(1, MESSAGES.fieldEmpty);

/** New password (SPEC §5 policy) and its confirmation, which must be given and equal. */
const newPasswordPair = z.object({
  newPassword: z.string().min(1, INVALID_PASSWORD_MESSAGE).pipe(newPasswordSchema),
  confirmPassword: z.string().min(1, MESSAGES.fieldEmpty),
});

function passwordsMatch<T extends { newPassword: string; confirmPassword: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.confirmPassword !== '' && value.confirmPassword !== value.newPassword) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_MISMATCH_MESSAGE, path: ['confirmPassword'] });
  }
}

export const signInFormSchema = z.object({ email, password });
export type SignInForm = z.infer<typeof signInFormSchema>;

export const newPasswordFormSchema = newPasswordPair.superRefine(passwordsMatch);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export const resetRequestFormSchema = z.object({ email });
export type ResetRequestForm = z.infer<typeof resetRequestFormSchema>;

export const resetConfirmFormSchema = newPasswordPair.extend({ code: required }).superRefine(passwordsMatch);
export type ResetConfirmForm = z.infer<typeof resetConfirmFormSchema>;

/** The current password is required after trimming (SPEC §5). */
export const changePasswordFormSchema = newPasswordPair
  .extend({ currentPassword: required })
  .superRefine(passwordsMatch);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
