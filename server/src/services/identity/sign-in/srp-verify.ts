import type { IdentityContext } from '../context.ts';
import { MESSAGES, notAuthorized } from '../errors.ts';
import { requiredEntry } from '../protocol/params.ts';
import { poolNameOf } from '../srp/srp-math.ts';
import { verifyPasswordClaim } from '../srp/srp-server.ts';
import { parseSrpTimestamp, TIMESTAMP_SKEW_MS } from '../srp/timestamp.ts';
import { findPoolUserBySub } from '../users.ts';
import { consumeAuthSession } from './auth-sessions.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { attemptPassword } from './password-attempt.ts';

/**
 * The PASSWORD_VERIFIER answer, an SRP sign-in's second step (srp-start.ts is the first). Checks, in order
 * (COGNITO.md §6.3): a live, unused SECRET_BLOCK of this client; USERNAME is its USER_ID_FOR_SRP; a
 * well-formed TIMESTAMP within the allowed skew; the signature. Every failure is 'Incorrect username or
 * password.' and, once the user is known, a failed attempt for lockout.
 */
export async function answerPasswordVerifier(
  ctx: IdentityContext,
  clientId: string,
  responses: Record<string, string>,
) {
  const username = requiredEntry(responses, 'USERNAME');
  const secretBlock = requiredEntry(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const timestamp = requiredEntry(responses, 'TIMESTAMP');
  const signature = requiredEntry(responses, 'PASSWORD_CLAIM_SIGNATURE');

  const session = await consumeAuthSession(ctx, 'SRP', secretBlock, clientId);
  if (!session) throw notAuthorized(MESSAGES.incorrectCredentials);
  const user = await findPoolUserBySub(ctx.db, session.sub);
  if (!user) throw notAuthorized(MESSAGES.incorrectCredentials);

  const sentAt = parseSrpTimestamp(timestamp);
  const proven =
    username === user.username &&
    sentAt !== undefined &&
    Math.abs(sentAt.getTime() - ctx.now().getTime()) <= TIMESTAMP_SKEW_MS &&
    verifyPasswordClaim({
      poolName: poolNameOf(ctx.config.COGNITO_USER_POOL_ID),
      userIdForSrp: user.username,
      verifierHex: user.srp_verifier,
      AHex: session.data.A ?? '',
      bHex: session.data.b ?? '',
      BHex: session.data.B ?? '',
      secretBlock,
      timestamp,
      signature,
    });
  await attemptPassword(ctx, user.sub, () => proven);
  return completeSignIn(ctx, user);
}
