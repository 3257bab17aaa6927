import { limitClientAddress } from '../address-limit.ts';
import { auditIdentityEvent } from '../audit-identity.ts';
import type { IdentityContext } from '../context.ts';
import { invalidParameter, resourceNotFound } from '../errors.ts';
import { optionalString, type RequestBody, requiredString } from '../protocol/params.ts';
import { authenticateAccessToken } from '../tokens/access-token.ts';
import { credentialsOf } from '../webauthn/credential-store.ts';
import { completeRegistration, startRegistration } from '../webauthn/registration.ts';

/** The signed-in user of a passkey operation; every one is also limited per client address. */
async function caller(ctx: IdentityContext, body: RequestBody) {
  const owner = await authenticateAccessToken(ctx, requiredString(body, 'AccessToken'));
  await limitClientAddress(ctx, 'passkeys');
  return owner.user;
}

/** StartWebAuthnRegistration: `{CredentialCreationOptions}` (a JSON object, not a string). */
export async function startWebAuthnRegistration(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const user = await caller(ctx, body);
  return { CredentialCreationOptions: await startRegistration(ctx, user, ctx.config.COGNITO_CLIENT_ID) };
}

/** CompleteWebAuthnRegistration: `Credential` is the RegistrationResponseJSON object; answers `{}`. */
export async function completeWebAuthnRegistration(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const user = await caller(ctx, body);
  const credential = body.Credential;
  if (typeof credential !== 'object' || credential === null || Array.isArray(credential)) {
    throw invalidParameter(
      "1 validation error detected: Value null at 'credential' failed to satisfy constraint: Member must not be null",
    );
  }
  await completeRegistration(ctx, user, ctx.config.COGNITO_CLIENT_ID, credential);
  await auditIdentityEvent(ctx, user.sub, 'user.passkey.add');
  return {};
}

const PAGE_MAX = 20;

/**
 * ListWebAuthnCredentials: the user's passkeys, oldest first, MaxResults (1–20, default 20) at a time with
 * an opaque NextToken while more remain.
 */
export async function listWebAuthnCredentials(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const user = await caller(ctx, body);
  const maxResults = body.MaxResults ?? PAGE_MAX;
  if (
    typeof maxResults !== 'number' ||
    !Number.isInteger(maxResults) ||
    maxResults < 1 ||
    maxResults > PAGE_MAX
  ) {
    throw invalidParameter(
      `1 validation error detected: Value '${String(maxResults)}' at 'maxResults' failed to satisfy constraint: Member must have value between 1 and ${PAGE_MAX}`,
    );
  }
  const offset = offsetOf(optionalString(body, 'NextToken'));
  const all = await credentialsOf(ctx.db, user.sub);
  const page = all.slice(offset, offset + maxResults);
  const next = offset + maxResults < all.length ? nextTokenOf(offset + maxResults) : undefined;
  return {
    Credentials: page.map((c) => ({
      CredentialId: c.credential_id,
      FriendlyCredentialName: c.friendly_name,
      RelyingPartyId: c.relying_party_id,
      ...(c.authenticator_attachment ? { AuthenticatorAttachment: c.authenticator_attachment } : {}),
      AuthenticatorTransports: c.transports,
      CreatedAt: new Date(c.created_at).getTime() / 1000,
    })),
    ...(next ? { NextToken: next } : {}),
  };
}

const nextTokenOf = (offset: number) => Buffer.from(`passkeys:${offset}`).toString('base64url');

function offsetOf(token: string | undefined): number {
  if (token === undefined) return 0;
  const match = /^passkeys:(\d{1,4})$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match) throw invalidParameter('Invalid NextToken.');
  return Number(match[1]);
}

/** DeleteWebAuthnCredential: one of the caller's passkeys; another user's is not found, like an unknown one. */
export async function deleteWebAuthnCredential(ctx: IdentityContext, body: RequestBody): Promise<object> {
  const user = await caller(ctx, body);
  const credentialId = requiredString(body, 'CredentialId');
  const deleted = await ctx.db
    .deleteFrom('identity_webauthn_credentials')
    .where('sub', '=', user.sub)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw resourceNotFound('The passkey was not found.');
  await auditIdentityEvent(ctx, user.sub, 'user.passkey.delete');
  return {};
}
