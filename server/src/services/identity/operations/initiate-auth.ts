import { limitClientAddress } from '../address-limit.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter } from '../errors.ts';
import {
  type RequestBody,
  requireClient,
  requiredEntry,
  requiredString,
  stringMap,
} from '../protocol/params.ts';
import { passwordSignIn } from '../sign-in/password-sign-in.ts';
import { requiredSrpA, startSrpSignIn } from '../sign-in/srp-start.ts';
import { firstFactor, preferEmailCode, preferWebAuthn, selectChallenge } from '../sign-in/user-auth.ts';
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

/** InitiateAuth: SRP, password and choice-based (USER_AUTH) sign-in, and refresh. CUSTOM_AUTH is not enabled. */
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
      return passwordFlow(ctx, params);
    case 'USER_SRP_AUTH':
      return srpFlow(ctx, params);
    case 'USER_AUTH':
      return userAuthFlow(ctx, params);
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

async function passwordFlow(ctx: IdentityContext, params: Record<string, string>) {
  const username = requiredEntry(params, 'USERNAME');
  const password = requiredEntry(params, 'PASSWORD');
  await limitClientAddress(ctx, 'sign-in');
  return passwordSignIn(ctx, username, password);
}

async function srpFlow(ctx: IdentityContext, params: Record<string, string>) {
  const username = requiredEntry(params, 'USERNAME');
  const srpA = requiredSrpA(params);
  await limitClientAddress(ctx, 'sign-in');
  return startSrpSignIn(ctx, username, srpA);
}

/**
 * USER_AUTH (COGNITO.md §3.1.4): PREFERRED_CHALLENGE PASSWORD is USER_PASSWORD_AUTH, PASSWORD_SRP is
 * USER_SRP_AUTH (same checks, lockout and errors), WEB_AUTHN the passkey challenge, EMAIL_OTP a mailed
 * code; without a preference, SELECT_CHALLENGE.
 */
async function userAuthFlow(ctx: IdentityContext, params: Record<string, string>) {
  const preferred = params.PREFERRED_CHALLENGE ? firstFactor(ctx, params.PREFERRED_CHALLENGE) : undefined;
  if (preferred === 'PASSWORD') return passwordFlow(ctx, params);
  if (preferred === 'PASSWORD_SRP') return srpFlow(ctx, params);
  const username = requiredEntry(params, 'USERNAME');
  await limitClientAddress(ctx, 'sign-in');
  if (preferred === 'WEB_AUTHN') return preferWebAuthn(ctx, username);
  if (preferred === 'EMAIL_OTP') return preferEmailCode(ctx, username);
  return selectChallenge(ctx, username);
}
