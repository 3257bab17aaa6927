import { randomBytes } from 'node:crypto';
import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter } from '../errors.ts';
import { requiredEntry } from '../protocol/params.ts';
import { fromHex, N } from '../srp/srp-math.ts';
import { serverEphemeral } from '../srp/srp-server.ts';
import { findPoolUser } from '../users.ts';
import { startAuthSession } from './auth-sessions.ts';
import { simulatedIdentity, unknownUserError } from './unknown-user.ts';

/** SRP_A of AuthParameters / ChallengeResponses: hex, and not 0 mod N. */
export function requiredSrpA(params: Record<string, string>): string {
  const srpA = requiredEntry(params, 'SRP_A');
  if (!/^[0-9a-fA-F]+$/.test(srpA) || fromHex(srpA) % N === 0n) throw invalidParameter('Invalid SRP_A');
  return srpA;
}

/**
 * The first SRP step (USER_SRP_AUTH, and USER_AUTH's PASSWORD_SRP challenge): the PASSWORD_VERIFIER
 * challenge, or the unknown-user answer (a simulated challenge with PreventUserExistenceErrors=ENABLED).
 */
export async function startSrpSignIn(ctx: IdentityContext, username: string, srpA: string) {
  const user = await findPoolUser(ctx.db, username);
  return user ? srpChallengeFor(ctx, user, srpA) : unknownUserSrpChallenge(ctx, username);
}

/** The PASSWORD_VERIFIER challenge for a known user; its SECRET_BLOCK is a one-time auth session. */
export async function srpChallengeFor(ctx: IdentityContext, user: PoolUser, srpA: string) {
  const { bHex, BHex } = serverEphemeral(user.srp_verifier);
  const secretBlock = await startAuthSession(ctx, 'SRP', user.sub, {
    A: srpA.toLowerCase(),
    b: bHex,
    B: BHex,
  });
  return passwordVerifierChallenge(user.username, user.srp_salt, BHex, secretBlock);
}

/** LEGACY: 'User does not exist.'. ENABLED: a challenge that looks real and stable, whose SECRET_BLOCK is unknown. */
export async function unknownUserSrpChallenge(ctx: IdentityContext, username: string) {
  if (ctx.config.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS !== 'ENABLED') throw unknownUserError(ctx);
  const fake = await simulatedIdentity(ctx, username);
  return passwordVerifierChallenge(
    fake.userId,
    fake.salt,
    serverEphemeral(randomBytes(384).toString('hex')).BHex,
    randomBytes(64).toString('base64'),
  );
}

/** The PASSWORD_VERIFIER challenge; like real Cognito, without a Session. */
function passwordVerifierChallenge(userId: string, salt: string, BHex: string, secretBlock: string) {
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: salt,
      SRP_B: BHex,
      SECRET_BLOCK: secretBlock,
      USERNAME: userId,
      USER_ID_FOR_SRP: userId,
    },
  };
}
