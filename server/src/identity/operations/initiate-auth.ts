import { randomBytes } from 'node:crypto';
import { limitClientAddress } from '../address-limit.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter, MESSAGES, notAuthorized } from '../errors.ts';
import { verifyPassword } from '../password-hash.ts';
import {
  type RequestBody,
  requireClient,
  requiredEntry,
  requiredString,
  stringMap,
} from '../protocol/params.ts';
import { startAuthSession } from '../sign-in/auth-sessions.ts';
import { completeSignIn } from '../sign-in/complete-sign-in.ts';
import { attemptPassword } from '../sign-in/password-attempt.ts';
import { simulatedIdentity, unknownUserError } from '../sign-in/unknown-user.ts';
import { fromHex, N } from '../srp/srp-math.ts';
import { serverEphemeral } from '../srp/srp-server.ts';
import { findPoolUser } from '../users.ts';
import { refreshWithToken } from './refresh.ts';

const AUTH_FLOWS = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
];

/** InitiateAuth: SRP and password sign-in, and refresh. USER_AUTH and CUSTOM_AUTH are not enabled. */
export async function initiateAuth(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const flow = requiredString(body, 'AuthFlow');
  if (!AUTH_FLOWS.includes(flow)) {
    throw invalidParameter(
      `1 validation error detected: Value '${flow}' at 'authFlow' failed to satisfy constraint: Member must satisfy enum value set: [${AUTH_FLOWS.join(', ')}]`,
    );
  }
  requireClient(ctx.config, body);
  const params = stringMap(body, 'AuthParameters');
  switch (flow) {
    case 'USER_PASSWORD_AUTH':
      return passwordSignIn(ctx, params);
    case 'USER_SRP_AUTH':
      return startSrpSignIn(ctx, params);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return {
        ...(await refreshWithToken(ctx, requiredEntry(params, 'REFRESH_TOKEN'))),
        ChallengeParameters: {},
      };
    case 'ADMIN_NO_SRP_AUTH':
    case 'ADMIN_USER_PASSWORD_AUTH':
      throw invalidParameter(`Initiate Auth method not supported.`);
    default:
      throw invalidParameter(`${flow} flow not enabled for this client`);
  }
}

async function passwordSignIn(ctx: IdentityContext, params: Record<string, string>) {
  const username = requiredEntry(params, 'USERNAME');
  const password = requiredEntry(params, 'PASSWORD');
  await limitClientAddress(ctx, 'sign-in');
  const user = await findPoolUser(ctx.db, username);
  if (!user) throw unknownUserError(ctx);
  // A locked account is refused before hashing, so guessing during a lock costs us nothing.
  if (user.locked_until && user.locked_until > ctx.now())
    throw notAuthorized(MESSAGES.passwordAttemptsExceeded);
  // argon2 runs before the row is locked, so the lock is held only for the bookkeeping.
  const correct = await verifyPassword(user.password_hash, password);
  await attemptPassword(ctx, user.sub, () => correct);
  return completeSignIn(ctx, user);
}

async function startSrpSignIn(ctx: IdentityContext, params: Record<string, string>) {
  const username = requiredEntry(params, 'USERNAME');
  const srpA = requiredEntry(params, 'SRP_A');
  if (!/^[0-9a-fA-F]+$/.test(srpA) || fromHex(srpA) % N === 0n) throw invalidParameter('Invalid SRP_A');
  await limitClientAddress(ctx, 'sign-in');
  const user = await findPoolUser(ctx.db, username);
  if (!user) {
    if (ctx.config.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS !== 'ENABLED') throw unknownUserError(ctx);
    // A challenge that looks real and stable; its SECRET_BLOCK is unknown, so the next step fails.
    const fake = await simulatedIdentity(ctx, username);
    return passwordVerifierChallenge(
      fake.userId,
      fake.salt,
      serverEphemeral(randomBytes(384).toString('hex')).BHex,
      randomBytes(64).toString('base64'),
    );
  }
  const { bHex, BHex } = serverEphemeral(user.srp_verifier);
  const secretBlock = await startAuthSession(ctx, 'SRP', user.sub, {
    A: srpA.toLowerCase(),
    b: bHex,
    B: BHex,
  });
  return passwordVerifierChallenge(user.username, user.srp_salt, BHex, secretBlock);
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
