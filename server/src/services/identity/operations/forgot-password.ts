import { addressShareOf } from '../../../infrastructure/rate-limits/address-share.ts';
import { hitCounter } from '../../../infrastructure/rate-limits/rate-counters.ts';
import { limitClientAddress } from '../address-limit.ts';
import { auditIdentityEvent } from '../audit-identity.ts';
import type { IdentityContext } from '../context.ts';
import {
  CognitoError,
  invalidParameter,
  limitExceeded,
  MESSAGES,
  notAuthorized,
  userNotFound,
} from '../errors.ts';
import { mailBrand } from '../mail-brand.ts';
import { maskEmail } from '../mask-destination.ts';
import { assertPasswordPolicy } from '../password-rules.ts';
import {
  type RequestBody,
  requireClient,
  requiredNonBlankString,
  requiredString,
} from '../protocol/params.ts';
import { checkResetCode, deleteResetCode, issueResetCode } from '../reset-codes.ts';
import { findPoolUser, setPoolUserPassword } from '../users.ts';

const HOUR = 3600;

/**
 * Requests and code entries share one hourly allowance per account (COGNITO.md §7). One client address
 * may use only its share of it, counted first: calls refused there do not spend the account's allowance,
 * so the owner can still reset from elsewhere.
 */
async function countCodeAttempt(ctx: IdentityContext, sub: string): Promise<void> {
  const allowance = ctx.config.IDENTITY_CODE_ATTEMPTS_PER_HOUR;
  const fromAddress = await hitCounter(ctx.db, `reset-code:${sub}:${ctx.clientAddress}`, HOUR, ctx.now());
  if (fromAddress > addressShareOf(allowance)) throw limitExceeded();
  const count = await hitCounter(ctx.db, `reset-code:${sub}`, HOUR, ctx.now());
  if (count > allowance) throw limitExceeded();
}

const emailDelivery = (destination: string) => ({
  CodeDeliveryDetails: { Destination: destination, DeliveryMedium: 'EMAIL', AttributeName: 'email' },
});

/** ForgotPassword: mails a reset code to the account's verified email. */
export async function forgotPassword(ctx: IdentityContext, body: RequestBody): Promise<object> {
  requireClient(ctx.config, body);
  const username = requiredString(body, 'Username');
  await limitClientAddress(ctx, 'forgot-password');
  const user = await findPoolUser(ctx.db, username);
  if (!user) {
    if (ctx.config.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS !== 'ENABLED') throw userNotFound();
    return emailDelivery(maskEmail(username.includes('@') ? username : `${username}@example.com`));
  }
  await countCodeAttempt(ctx, user.sub);
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.status === 'FORCE_CHANGE_PASSWORD') throw notAuthorized(MESSAGES.cannotReset);
  if (!user.email_verified) {
    throw invalidParameter(
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  const code = await issueResetCode(ctx, user.sub);
  await ctx.mail.send({
    to: user.email,
    locale: user.locale,
    template: 'reset-code',
    brand: mailBrand(ctx, body),
    params: { code },
  });
  return emailDelivery(maskEmail(user.email));
}

/** ConfirmForgotPassword: the code and a new password; a RESET_REQUIRED user becomes CONFIRMED. */
export async function confirmForgotPassword(ctx: IdentityContext, body: RequestBody): Promise<object> {
  requireClient(ctx.config, body);
  const username = requiredString(body, 'Username');
  const code = requiredNonBlankString(body, 'ConfirmationCode');
  const password = requiredString(body, 'Password');
  await limitClientAddress(ctx, 'forgot-password');
  const user = await findPoolUser(ctx.db, username);
  if (!user) {
    if (ctx.config.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS !== 'ENABLED') throw userNotFound();
    throw new CognitoError('CodeMismatchException', MESSAGES.codeMismatch);
  }
  await countCodeAttempt(ctx, user.sub);
  const check = await checkResetCode(ctx, user.sub, code);
  if (check === 'mismatch') throw new CognitoError('CodeMismatchException', MESSAGES.codeMismatch);
  if (check === 'expired') throw new CognitoError('ExpiredCodeException', MESSAGES.codeExpired);
  assertPasswordPolicy(password);
  await setPoolUserPassword(ctx.db, ctx.config, user, password, false);
  await deleteResetCode(ctx, user.sub);
  await auditIdentityEvent(ctx, user.sub, 'user.password.reset');
  return {};
}
