import { randomBytes } from 'node:crypto';
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { CognitoError, invalidParameter } from '../errors.ts';
import { sha256Hex } from '../tokens/refresh-tokens.ts';
import { challengeOfCredential, idOfCredential } from './credential-json.ts';
import { countCredentials, credentialsOf, MAX_CREDENTIALS_PER_USER } from './credential-store.ts';
import { webAuthnErrors } from './errors.ts';
import { relyingPartyOf } from './relying-party.ts';

/**
 * EdDSA, ES256 and RS256, as the library's default without ML-DSA-44: Node 24 only has that behind an
 * experimental warning, and authenticators do not use it yet.
 */
const ALGORITHMS = [-8, -7, -257];

const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const tooMany = () =>
  new CognitoError(
    'LimitExceededException',
    `A user can register at most ${MAX_CREDENTIALS_PER_USER} passkeys.`,
  );

/**
 * StartWebAuthnRegistration: creation options for navigator.credentials.create() (a discoverable
 * credential with user verification, no attestation) and a pending challenge that expires with the
 * auth-session lifetime. The user's existing passkeys are excluded, so one authenticator registers once.
 */
export async function startRegistration(ctx: IdentityContext, user: PoolUser, clientId: string) {
  if ((await countCredentials(ctx.db, user.sub)) >= MAX_CREDENTIALS_PER_USER) throw tooMany();
  const rp = relyingPartyOf(ctx.config);
  const timeoutMs = ctx.config.IDENTITY_AUTH_SESSION_SECONDS * 1000;
  const options = await generateRegistrationOptions({
    rpName: rp.id,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    // The user handle is the sub, so a discoverable credential names its user.
    userID: new TextEncoder().encode(user.sub),
    challenge: randomBytes(32),
    timeout: timeoutMs,
    attestationType: 'none',
    supportedAlgorithmIDs: ALGORITHMS,
    excludeCredentials: (await credentialsOf(ctx.db, user.sub)).map((c) => ({
      id: c.credential_id,
      transports: c.transports,
    })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
  });
  const now = ctx.now();
  await ctx.db
    .insertInto('identity_webauthn_registrations')
    .values({
      challenge_hash: sha256Hex(options.challenge),
      sub: user.sub,
      client_id: clientId,
      relying_party_id: rp.id,
      expires_at: new Date(now.getTime() + timeoutMs),
    })
    .execute();
  await ctx.db.deleteFrom('identity_webauthn_registrations').where('expires_at', '<', now).execute();
  return options;
}

/**
 * CompleteWebAuthnRegistration: the pending challenge is used up whatever the outcome; then the library
 * checks type, challenge, origin, RP ID hash, user presence and verification, and the attestation.
 */
export async function completeRegistration(
  ctx: IdentityContext,
  user: PoolUser,
  clientId: string,
  credential: unknown,
): Promise<void> {
  const challenge = challengeOfCredential(credential, 'Credential');
  const credentialId = idOfCredential(credential, 'Credential');
  const pending = await ctx.db
    .deleteFrom('identity_webauthn_registrations')
    .where('challenge_hash', '=', sha256Hex(challenge))
    .where('sub', '=', user.sub)
    .returningAll()
    .executeTakeFirst();
  if (!pending || pending.expires_at <= ctx.now()) throw webAuthnErrors.challengeNotFound();
  if (pending.client_id !== clientId) throw webAuthnErrors.clientMismatch();
  if ((await countCredentials(ctx.db, user.sub)) >= MAX_CREDENTIALS_PER_USER) throw tooMany();

  const rp = relyingPartyOf(ctx.config);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: pending.relying_party_id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    throw registrationError(error);
  }
  if (!verified.verified) throw invalidParameter('The passkey attestation could not be verified.');
  const info = verified.registrationInfo;
  if (info.credential.id !== credentialId) throw invalidParameter('Invalid Credential: id does not match');

  const response = (credential as RegistrationResponseJSON).response;
  const attachment = (credential as RegistrationResponseJSON).authenticatorAttachment;
  const inserted = await ctx.db
    .insertInto('identity_webauthn_credentials')
    .values({
      credential_id: info.credential.id,
      sub: user.sub,
      public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
      sign_count: info.credential.counter,
      transports: (response.transports ?? []).filter((t) => TRANSPORTS.has(t)),
      authenticator_attachment:
        attachment === 'platform' || attachment === 'cross-platform' ? attachment : null,
      friendly_name: await nextFriendlyName(ctx, user.sub),
      relying_party_id: pending.relying_party_id,
      created_at: ctx.now(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('credential_id')
    .executeTakeFirst();
  if (!inserted) throw invalidParameter('This passkey is already registered.');
}

/** Cognito names passkeys itself; ours are 'Passkey 1', 'Passkey 2', … in order of registration. */
async function nextFriendlyName(ctx: IdentityContext, sub: string): Promise<string> {
  const numbers = (await credentialsOf(ctx.db, sub)).map((c) =>
    Number(/^Passkey (\d+)$/.exec(c.friendly_name)?.[1] ?? 0),
  );
  return `Passkey ${Math.max(0, ...numbers) + 1}`;
}

/** The library's reasons as Cognito's exceptions: origin, relying party, unsupported authenticator. */
function registrationError(error: unknown): CognitoError {
  const message = error instanceof Error ? error.message : '';
  if (/origin/i.test(message)) return webAuthnErrors.originNotAllowed();
  if (/RP ID/.test(message)) return webAuthnErrors.relyingPartyMismatch();
  if (/User verification|user was not present/i.test(message)) {
    return webAuthnErrors.notSupported(
      'The passkey did not verify the user (user verification is required).',
    );
  }
  if (/alg|Attestation Format|attestation statement/i.test(message)) {
    return webAuthnErrors.notSupported(
      'The passkey uses an algorithm or attestation this user pool does not support.',
    );
  }
  return invalidParameter('The passkey registration response is not valid.');
}
