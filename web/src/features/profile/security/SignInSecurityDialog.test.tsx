import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { AuthServicesProvider } from '@/shared/session/AuthServicesContext.tsx';
import type { AuthServices } from '@/shared/session/auth-services.ts';
import type { Passkey, SecondFactorSettings } from '@/shared/session/two-step/two-step-challenge.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { LOADED_MACHINE } from '@/test/loaded-machine.ts';
import { SignInSecurityDialog } from './SignInSecurityDialog.tsx';

await initI18n('en');

const authError = (name: string, message: string) => Object.assign(new Error(message), { name });

/** A sign-in security double that keeps its settings and passkeys like the pool would. */
function fakeSecurity(initial: { settings?: SecondFactorSettings; passkeys?: Passkey[] } = {}) {
  const state = {
    settings: initial.settings ?? { enabled: [] },
    passkeys: initial.passkeys ?? [],
  };
  return {
    state,
    isConfirmed: vi.fn(() => false),
    confirmWithPassword: vi.fn(async (_password: string) => undefined),
    confirmWithPasskey: vi.fn(async () => undefined),
    forgetConfirmation: vi.fn(),
    settings: vi.fn(async () => structuredClone(state.settings)),
    passkeys: vi.fn(async () => [...state.passkeys]),
    startTotpSetup: vi.fn(async () => ({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: (issuer: string, account: string) => `otpauth://totp/${issuer}:${account}?secret=JBSWY3DPEHPK3PXP`,
    })),
    finishTotpSetup: vi.fn(async (_code: string) => {
      state.settings.enabled = [...state.settings.enabled, 'TOTP'];
    }),
    setFactor: vi.fn(async (factor: 'TOTP' | 'EMAIL', on: boolean) => {
      const others = state.settings.enabled.filter((enabled) => enabled !== factor);
      state.settings.enabled = on ? [...others, factor] : others;
    }),
    setPreferred: vi.fn(async (factor: 'TOTP' | 'EMAIL') => {
      state.settings.preferred = factor;
    }),
    addPasskey: vi.fn(async () => {
      state.passkeys.push({
        id: 'new',
        name: 'Chrome on Linux',
        createdAt: new Date('2026-11-26T00:00:00Z'),
      });
    }),
    deletePasskey: vi.fn(async (id: string) => {
      state.passkeys = state.passkeys.filter((passkey) => passkey.id !== id);
    }),
  };
}

function renderDialog(security: ReturnType<typeof fakeSecurity>, onClose = vi.fn()) {
  const services = { session: { security }, tokens: {} } as unknown as AuthServices;
  renderWithProviders(
    <AuthServicesProvider services={services}>
      <SignInSecurityDialog open email="owner@northwind.example" onClose={onClose} />
    </AuthServicesProvider>,
  );
  return { onClose };
}

async function confirmWithPassword(password = 'Secret123') {
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

const section = (name: string) => screen.findByRole('region', { name });

describe('Sign-in security', () => {
  let success: MockInstance<typeof toast.success>;
  beforeEach(() => {
    success = vi.spyOn(toast, 'success').mockReturnValue('');
  });

  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows nothing of the settings before the password is confirmed, and says a wrong one is wrong', async () => {
    const security = fakeSecurity();
    security.confirmWithPassword.mockRejectedValueOnce(
      authError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    renderDialog(security);
    expect(screen.queryByRole('region', { name: 'Authenticator app' })).toBeNull();
    expect(security.settings).not.toHaveBeenCalled();
    await confirmWithPassword('wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password.');
    expect(screen.queryByRole('region', { name: 'Authenticator app' })).toBeNull();
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await confirmWithPassword('Secret123');
    expect(security.confirmWithPassword).toHaveBeenLastCalledWith('Secret123');
    expect(await section('Authenticator app')).toBeTruthy();
  });

  it('confirms with a passkey instead, and says when the ceremony was cancelled', async () => {
    const security = fakeSecurity();
    security.confirmWithPasskey.mockRejectedValueOnce(
      authError('PasskeyAuthenticationCanceled', 'Passkey authentication ceremony has been canceled.'),
    );
    renderDialog(security);
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The passkey request was cancelled.');
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    expect(await section('Passkeys')).toBeTruthy();
  });

  it('sets up the authenticator app: QR code and key, a wrong code refused, the right one turns it on', async () => {
    const security = fakeSecurity();
    security.finishTotpSetup.mockRejectedValueOnce(
      authError('EnableSoftwareTokenMFAException', 'Code mismatch'),
    );
    renderDialog(security);
    await confirmWithPassword();
    const app = await section('Authenticator app');
    expect(within(app).getByText('Off')).toBeTruthy();
    await userEvent.click(within(app).getByRole('button', { name: 'Set up' }));
    expect(await within(app).findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(within(app).getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    await userEvent.type(within(app).getByRole('textbox', { name: 'Verification code' }), '111111');
    await userEvent.click(within(app).getByRole('button', { name: 'Verify' }));
    expect((await within(app).findByRole('alert')).textContent).toBe(
      'Incorrect code. Please enter the current code from your authenticator app.',
    );
    await userEvent.type(within(app).getByRole('textbox', { name: 'Verification code' }), '222222');
    await userEvent.click(within(app).getByRole('button', { name: 'Verify' }));
    expect(security.finishTotpSetup).toHaveBeenLastCalledWith('222222');
    await vi.waitFor(() => expect(within(app).getByText('On')).toBeTruthy(), LOADED_MACHINE);
    expect(success).toHaveBeenCalledWith('Your authenticator app is set up.');
    expect(within(app).getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });

  it('turns e-mail codes on and, with two methods, chooses the preferred one', async () => {
    const security = fakeSecurity({ settings: { enabled: ['TOTP'] } });
    renderDialog(security);
    await confirmWithPassword();
    const mail = await section('E-mail code');
    expect(screen.queryByRole('region', { name: 'Preferred method' })).toBeNull();
    await userEvent.click(within(mail).getByRole('switch', { name: /owner@northwind\.example/ }));
    expect(security.setFactor).toHaveBeenCalledWith('EMAIL', true);
    const preferred = await section('Preferred method');
    await userEvent.click(within(preferred).getByRole('radio', { name: 'E-mail code' }));
    expect(security.setPreferred).toHaveBeenCalledWith('EMAIL');
    await vi.waitFor(
      () =>
        expect(
          (within(preferred).getByRole('radio', { name: 'E-mail code' }) as HTMLInputElement).checked,
        ).toBe(true),
      LOADED_MACHINE,
    );
  });

  it('lists passkeys with their dates, adds one and deletes one after asking', async () => {
    const security = fakeSecurity({
      passkeys: [
        // Built in local time, so the yy/mm/dd HH:mm expectations hold in any time zone.
        { id: 'p1', name: 'YubiKey 5', createdAt: new Date(2026, 0, 15, 9, 5) },
        {
          id: 'p2',
          name: 'iCloud Keychain',
          createdAt: new Date(2026, 1, 1, 12, 0),
          lastUsedAt: new Date(2026, 10, 20, 18, 30),
        },
      ],
    });
    renderDialog(security);
    await confirmWithPassword();
    const passkeys = await section('Passkeys');
    expect(within(passkeys).getByText('YubiKey 5')).toBeTruthy();
    expect(within(passkeys).getByText('Added 26/01/15 09:05')).toBeTruthy();
    expect(within(passkeys).getByText('Added 26/02/01 12:00, last used 26/11/20 18:30')).toBeTruthy();
    await userEvent.click(within(passkeys).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(passkeys).findByText('Chrome on Linux')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Passkey added.');
    await userEvent.click(within(passkeys).getByRole('button', { name: 'Delete YubiKey 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this passkey?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(security.deletePasskey).toHaveBeenCalledWith('p1');
    await vi.waitFor(() => expect(within(passkeys).queryByText('YubiKey 5')).toBeNull(), LOADED_MACHINE);
  });

  it('says when this device already has a passkey', async () => {
    const security = fakeSecurity();
    security.addPasskey.mockRejectedValueOnce(
      authError('PasskeyAlreadyExists', 'Passkey already exists in authenticator.'),
    );
    renderDialog(security);
    await confirmWithPassword();
    await userEvent.click(within(await section('Passkeys')).getByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This device already has a passkey for your account.',
    );
  });

  it('speaks Traditional Chinese', async () => {
    await i18n.changeLanguage('zh-TW');
    const security = fakeSecurity();
    security.confirmWithPassword.mockRejectedValueOnce(
      authError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    renderDialog(security);
    expect(screen.getByRole('dialog', { name: '登入安全性' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^密碼/), 'x');
    await userEvent.click(screen.getByRole('button', { name: '確認' }));
    expect((await screen.findByRole('alert')).textContent).toBe('密碼不正確。');
  });

  it('still offers the second factors when the pool has no passkeys (Cognito Lite plan)', async () => {
    const security = fakeSecurity();
    security.passkeys.mockRejectedValue(
      authError('UnsupportedOperationException', 'WebAuthn is not enabled'),
    );
    renderDialog(security);
    await confirmWithPassword();
    const app = await section('Authenticator app');
    await vi.waitFor(
      () =>
        expect((within(app).getByRole('button', { name: 'Set up' }) as HTMLButtonElement).disabled).toBe(
          false,
        ),
      LOADED_MACHINE,
    );
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong!');
  });
});
