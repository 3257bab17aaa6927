import { beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
  fetchMFAPreference: vi.fn(),
  associateWebAuthnCredential: vi.fn(),
  listWebAuthnCredentials: vi.fn(),
  deleteWebAuthnCredential: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const { CONFIRMATION_VALIDITY_MS, ConfirmationRequiredError, createSignInSecurity } = await import(
  './sign-in-security.ts'
);

function setUp() {
  let now = 0;
  const fresh = { withPassword: vi.fn(async () => undefined), withPasskey: vi.fn(async () => undefined) };
  const security = createSignInSecurity({
    current: async () => ({ email: 'o@n.example' }),
    fresh,
    now: () => now,
  });
  return { security, fresh, advance: (ms: number) => (now += ms) };
}

describe('sign-in security (Amplify calls behind a fresh confirmation)', () => {
  beforeEach(() => {
    for (const mock of Object.values(amplify)) mock.mockReset();
  });

  it('refuses every change until the user confirmed, and again after the confirmation ran out', async () => {
    const { security, fresh, advance } = setUp();
    await expect(security.setFactor('EMAIL', true)).rejects.toBeInstanceOf(ConfirmationRequiredError);
    await expect(security.addPasskey()).rejects.toBeInstanceOf(ConfirmationRequiredError);
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();
    await security.confirmWithPassword('Secret123');
    expect(fresh.withPassword).toHaveBeenCalledWith('o@n.example', 'Secret123');
    await security.setFactor('EMAIL', true);
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ email: 'ENABLED' });
    advance(CONFIRMATION_VALIDITY_MS);
    await expect(security.deletePasskey('p1')).rejects.toBeInstanceOf(ConfirmationRequiredError);
    expect(amplify.deleteWebAuthnCredential).not.toHaveBeenCalled();
  });

  it('verifies the first code of the app, then turns the app on', async () => {
    const { security } = setUp();
    await security.confirmWithPasskey();
    await security.finishTotpSetup(' 123456 ');
    expect(amplify.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'ENABLED' });
  });

  it('reads the preferences without SMS and every page of the passkeys', async () => {
    const { security } = setUp();
    amplify.fetchMFAPreference.mockResolvedValue({ enabled: ['SMS', 'EMAIL', 'TOTP'], preferred: 'EMAIL' });
    expect(await security.settings()).toEqual({ enabled: ['TOTP', 'EMAIL'], preferred: 'EMAIL' });
    const createdAt = new Date('2026-01-15T00:00:00Z');
    amplify.listWebAuthnCredentials
      .mockResolvedValueOnce({
        credentials: [{ credentialId: 'a', friendlyCredentialName: 'Key A', createdAt }],
        nextToken: 't',
      })
      .mockResolvedValueOnce({ credentials: [{ credentialId: 'b', friendlyCredentialName: undefined }] });
    expect(await security.passkeys()).toEqual([
      { id: 'a', name: 'Key A', createdAt },
      { id: 'b', name: '' },
    ]);
    expect(amplify.listWebAuthnCredentials).toHaveBeenLastCalledWith({ nextToken: 't' });
  });
});
