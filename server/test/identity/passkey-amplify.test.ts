import { decodeCBOR } from '@levischuck/tiny-cbor';
import { Amplify } from 'aws-amplify';
import {
  associateWebAuthnCredential,
  confirmSignIn,
  deleteWebAuthnCredential,
  fetchUserAttributes,
  listWebAuthnCredentials,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPoolUser } from '../../src/services/identity/users.ts';
import type { CreationOptionsJson, RequestOptionsJson } from '../../testkit/passkey-authenticator.ts';
import { SoftwarePasskey } from '../../testkit/passkey-authenticator.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Amplify v6's own passkey functions (associateWebAuthnCredential, listWebAuthnCredentials,
 * deleteWebAuthnCredential, signIn with USER_AUTH / WEB_AUTHN) against the embedded pool. Amplify only
 * runs its ceremony in a browser (a window with a document, a secure context, PublicKeyCredential and
 * navigator.credentials); here those are small stand-ins around the software authenticator, set before
 * Amplify loads.
 */
const PUBLIC_URL = 'https://partner.example.test';

const browser = vi.hoisted(() => {
  class AuthenticatorAttestationResponse {}
  class AuthenticatorAssertionResponse {}
  class PublicKeyCredential {}
  const state = { inBrowser: false };
  // A window only while a ceremony runs: at load, Amplify would take one for a browser and reach for DOM
  // APIs Node has not, and PGlite's Emscripten runtime would believe it runs in a web page.
  const window = { document: {}, isSecureContext: true, PublicKeyCredential };
  Object.defineProperty(globalThis, 'window', {
    get: () => (state.inBrowser ? window : undefined),
    configurable: true,
  });
  Object.assign(globalThis, {
    PublicKeyCredential,
    AuthenticatorAttestationResponse,
    AuthenticatorAssertionResponse,
  });
  return { state, PublicKeyCredential, AuthenticatorAttestationResponse, AuthenticatorAssertionResponse };
});

/** Runs an Amplify call as in a browser, where its passkey functions work. */
async function inBrowser<T>(call: () => Promise<T>): Promise<T> {
  browser.state.inBrowser = true;
  try {
    return await call();
  } finally {
    browser.state.inBrowser = false;
  }
}

const b64url = (buffer: ArrayBuffer | Uint8Array) => Buffer.from(buffer as ArrayBuffer).toString('base64url');
const bytes = (text: string) => {
  const buffer = Buffer.from(text, 'base64url');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
};

/** navigator.credentials backed by one software passkey, answering with browser-shaped objects. */
function installCredentials(passkey: SoftwarePasskey) {
  const create = async ({ publicKey }: { publicKey: Record<string, unknown> }) => {
    const options = {
      ...publicKey,
      challenge: b64url(publicKey.challenge as ArrayBuffer),
      user: { ...(publicKey.user as object), id: b64url((publicKey.user as { id: ArrayBuffer }).id) },
    } as CreationOptionsJson;
    const json = passkey.register(options);
    const attestation = decodeCBOR(
      new Uint8Array(Buffer.from(json.response.attestationObject, 'base64url')),
    ) as Map<string, Uint8Array>;
    const response = Object.assign(new browser.AuthenticatorAttestationResponse(), {
      clientDataJSON: bytes(json.response.clientDataJSON),
      attestationObject: bytes(json.response.attestationObject),
      getTransports: () => json.response.transports,
      getPublicKeyAlgorithm: () => -7,
      getAuthenticatorData: () => attestation.get('authData')!,
      getPublicKey: () => null,
    });
    return Object.assign(new browser.PublicKeyCredential(), {
      id: json.id,
      rawId: bytes(json.rawId),
      type: json.type,
      authenticatorAttachment: json.authenticatorAttachment,
      response,
      getClientExtensionResults: () => ({}),
    });
  };
  const get = async ({ publicKey }: { publicKey: Record<string, unknown> }) => {
    const options = {
      ...publicKey,
      challenge: b64url(publicKey.challenge as ArrayBuffer),
    } as RequestOptionsJson;
    const json = passkey.assert(options);
    const response = Object.assign(new browser.AuthenticatorAssertionResponse(), {
      clientDataJSON: bytes(json.response.clientDataJSON),
      authenticatorData: bytes(json.response.authenticatorData),
      signature: bytes(json.response.signature),
      userHandle: bytes(json.response.userHandle),
    });
    return Object.assign(new browser.PublicKeyCredential(), {
      id: json.id,
      rawId: bytes(json.rawId),
      type: json.type,
      authenticatorAttachment: json.authenticatorAttachment,
      response,
      getClientExtensionResults: () => ({}),
    });
  };
  Object.defineProperty(globalThis.navigator, 'credentials', { value: { create, get }, configurable: true });
}

class MemoryKeyValueStorage {
  private readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL, IDENTITY_EMAIL_OTP_SIGN_IN: 'on' }, { listen: true });
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: t.config.COGNITO_USER_POOL_ID,
        userPoolClientId: t.config.COGNITO_CLIENT_ID,
        userPoolEndpoint: `${t.url}/api/identity`,
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryKeyValueStorage());
});
afterAll(() => t.close());

describe('aws-amplify/auth passkeys against the embedded pool', () => {
  it('registers a passkey, lists it, signs in with it (preferred and chosen) and deletes it', async () => {
    const { sub } = await createPoolUser(
      t.app.db,
      { email: 'amp-pk@example.com', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const passkey = new SoftwarePasskey(PUBLIC_URL);
    installCredentials(passkey);

    await signIn({ username: 'amp-pk@example.com', password: 'Passw0rdOk' });
    await inBrowser(() => associateWebAuthnCredential());
    const { credentials, nextToken } = await listWebAuthnCredentials();
    expect(nextToken).toBeUndefined();
    expect(credentials).toEqual([
      expect.objectContaining({
        credentialId: passkey.id,
        friendlyCredentialName: 'Passkey 1',
        relyingPartyId: 'partner.example.test',
        authenticatorAttachment: 'platform',
        createdAt: expect.any(Date),
      }),
    ]);
    await signOut();

    const preferred = await inBrowser(() =>
      signIn({
        username: 'amp-pk@example.com',
        options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
      }),
    );
    expect(preferred).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await fetchUserAttributes()).sub).toBe(sub);
    await signOut();

    const choice = await signIn({ username: 'amp-pk@example.com', options: { authFlowType: 'USER_AUTH' } });
    expect(choice.nextStep).toEqual({
      signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
      availableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'WEB_AUTHN', 'EMAIL_OTP'],
    });
    expect(await inBrowser(() => confirmSignIn({ challengeResponse: 'WEB_AUTHN' }))).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });

    await deleteWebAuthnCredential({ credentialId: passkey.id });
    expect((await listWebAuthnCredentials()).credentials).toEqual([]);
    await signOut();
  });
});
