import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderAuthRoutes } from '@/test/render-auth-routes.tsx';
import { ResetPasswordPage } from '../ResetPasswordPage.tsx';

await initI18n('en');

describe('Reset password, step 1', { timeout: 20_000 }, () => {
  it('offers a new temporary password to an account that has not replaced its own, instead of a wrong-password message', async () => {
    const requestPasswordReset = vi.fn().mockRejectedValue(
      Object.assign(new Error('User password cannot be reset in the current state.'), {
        name: 'NotAuthorizedException',
      }),
    );
    const resendTemporaryPassword = vi.fn().mockResolvedValue(undefined);
    renderAuthRoutes([{ path: '/forgot-password', Component: ResetPasswordPage }], '/forgot-password', {
      requestPasswordReset,
      resendTemporaryPassword,
    });
    await userEvent.type(
      await screen.findByLabelText('Email', { exact: false }),
      'new.member@northwind.example',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "This account still has its temporary password. Sign in with it, or use 'Resend password' to obtain a new one.",
    );
    expect(alert.textContent).not.toContain('Incorrect username or password.');
    await userEvent.click(screen.getByRole('button', { name: 'Resend password' }));
    expect(resendTemporaryPassword).toHaveBeenCalledWith('new.member@northwind.example');
  });
});
