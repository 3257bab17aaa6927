import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { ApiError } from '@/shared/lib/api-error.ts';
import { PasswordResetRequiredError } from '@/shared/session/amplify/sign-in-outcome.ts';
import type { AuthServices } from '@/shared/session/auth-services.ts';
import { LOADED_MACHINE } from '@/test/loaded-machine.ts';
import { renderAuthRoutes } from '@/test/render-auth-routes.tsx';
import { forgetEmailDraft } from './forms/email-draft.ts';
import { LoginPage } from './LoginPage.tsx';

await initI18n('en');

function renderLogin(
  signIn: AuthServices['session']['signIn'],
  resendTemporaryPassword: AuthServices['session']['resendTemporaryPassword'] = vi.fn(),
  signInWithPasskey: AuthServices['session']['signInWithPasskey'] = vi.fn(),
) {
  return renderAuthRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <p>home</p> },
      { path: '/forgot-password', element: <p>reset</p> },
      { path: '/set-new-password', element: <p>new password</p> },
      { path: '/two-step-sign-in', element: <p>two-step</p> },
    ],
    '/login',
    { signIn, resendTemporaryPassword, signInWithPasskey },
  );
}

const authError = (name: string, message: string) => Object.assign(new Error(message), { name });

/** Cognito's answer to a sign-in whose temporary password has expired. */
const expiredTemporaryPassword = () =>
  vi
    .fn()
    .mockRejectedValue(
      authError(
        'NotAuthorizedException',
        'Temporary password has expired and must be reset by an administrator.',
      ),
    );

/** Types an e-mail and a password and presses Login. */
async function signInAs(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'x');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    forgetEmailDraft();
  });

  it('requires email and password', async () => {
    const signIn = vi.fn();
    renderLogin(signIn);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('The field cannot be empty.')).toHaveLength(2);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows the lockout message and opens the warning with the advice', async () => {
    renderLogin(vi.fn().mockRejectedValue(authError('NotAuthorizedException', 'Password attempts exceeded')));
    await signInAs('a@b.example');
    const dialog = await screen.findByRole('dialog', { name: 'Password attempts exceeded' });
    expect(dialog.textContent).toContain(
      "Try again after 15 minutes, or log out to reset with 'Forgot password'.",
    );
  });

  it("says 'Password attempts exceeded' with the advice from the sixth wrong password on, even when the lock ran out", async () => {
    // Cognito's lock after the fifth failure lasts 1 s: a slower sixth attempt is answered 'Incorrect…' again.
    const signIn = vi
      .fn()
      .mockRejectedValue(authError('NotAuthorizedException', 'Incorrect username or password.'));
    renderLogin(signIn);
    await userEvent.type(screen.getByLabelText('Email'), 'Locked@B.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      await vi.waitFor(() => expect(signIn).toHaveBeenCalledTimes(attempt));
      await vi.waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe('Incorrect username or password.'),
      );
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password attempts exceeded' });
    expect(dialog.textContent).toContain(
      "Try again after 15 minutes, or log out to reset with 'Forgot password'.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Password attempts exceeded'));
  });

  it('counts wrong passwords per email', async () => {
    const signIn = vi
      .fn()
      .mockRejectedValue(authError('NotAuthorizedException', 'Incorrect username or password.'));
    renderLogin(signIn);
    const email = screen.getByLabelText('Email');
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await userEvent.clear(email);
      await userEvent.type(email, attempt % 2 ? 'one@b.example' : 'two@b.example');
      await userEvent.click(screen.getByRole('button', { name: 'Login' }));
      await vi.waitFor(() => expect(signIn).toHaveBeenCalledTimes(attempt));
      await vi.waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe('Incorrect username or password.'),
      );
    }
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers Resend password for an expired temporary password', async () => {
    renderLogin(expiredTemporaryPassword());
    await signInAs('a@b.example');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "The temporary password has expired. Please use 'Resend password' to obtain a new one.",
    );
    expect(screen.getByRole('button', { name: 'Resend password' })).toBeTruthy();
  });

  it("shows 'Failed to send.' when Resend password fails", async () => {
    const resend = vi
      .fn()
      .mockRejectedValue(new ApiError({ type: 'api', message: 'Something went wrong!', status: 500 }));
    renderLogin(expiredTemporaryPassword(), resend);
    await signInAs('a@b.example');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend password' }));
    await vi.waitFor(
      () => expect(screen.getByRole('alert').textContent).toBe('Failed to send.'),
      LOADED_MACHINE,
    );
    expect(resend).toHaveBeenCalledWith('a@b.example');
  });

  it("says 'Password expired' when the server wants the password reset", async () => {
    renderLogin(vi.fn().mockRejectedValue(new PasswordResetRequiredError()));
    await signInAs('a@b.example');
    expect((await screen.findByRole('alert')).textContent).toBe('Password expired');
  });

  it('goes to /set-new-password when a new password is required', async () => {
    const router = renderLogin(vi.fn().mockResolvedValue('newPasswordRequired'));
    await signInAs('a@b.example');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/set-new-password'), LOADED_MACHINE);
  });

  it('goes to /two-step-sign-in when Cognito asks for a second step', async () => {
    const router = renderLogin(vi.fn().mockResolvedValue('twoStep'));
    await signInAs('a@b.example');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/two-step-sign-in'), LOADED_MACHINE);
  });

  describe('Sign in with a passkey', () => {
    it('needs the e-mail only, and signs in with the passkey', async () => {
      const signIn = vi.fn();
      const signInWithPasskey = vi.fn().mockResolvedValue('signedIn');
      const router = renderLogin(signIn, vi.fn(), signInWithPasskey);
      await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
      expect(await screen.findByText('The field cannot be empty.')).toBeTruthy();
      expect(signInWithPasskey).not.toHaveBeenCalled();
      await userEvent.type(screen.getByLabelText('Email'), ' a@b.example');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
      expect(signInWithPasskey).toHaveBeenCalledWith('a@b.example');
      expect(signIn).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), LOADED_MACHINE);
    });

    it('says the ceremony was cancelled, or that the account has no passkey', async () => {
      const signInWithPasskey = vi
        .fn()
        .mockRejectedValueOnce(
          authError('PasskeyAuthenticationCanceled', 'Passkey authentication ceremony has been canceled.'),
        )
        .mockRejectedValueOnce(
          authError('UnsupportedSignInStepError', 'Unsupported sign-in step CONFIRM_SIGN_IN_WITH_PASSWORD'),
        )
        .mockRejectedValueOnce(authError('UserNotFoundException', 'User does not exist.'));
      renderLogin(vi.fn(), vi.fn(), signInWithPasskey);
      await userEvent.type(screen.getByLabelText('Email'), 'a@b.example');
      const passkey = screen.getByRole('button', { name: 'Sign in with a passkey' });
      await userEvent.click(passkey);
      expect((await screen.findByRole('alert')).textContent).toBe('The passkey request was cancelled.');
      await userEvent.click(passkey);
      await vi.waitFor(
        () =>
          expect(screen.getByRole('alert').textContent).toBe(
            'This account has no passkey. Please sign in with your password.',
          ),
        LOADED_MACHINE,
      );
      await userEvent.click(passkey);
      await vi.waitFor(
        () => expect(screen.getByRole('alert').textContent).toBe('Account does not exist'),
        LOADED_MACHINE,
      );
    });
  });
});
