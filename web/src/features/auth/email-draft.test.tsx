import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { LOADED_MACHINE } from '@/test/loaded-machine.ts';
import { renderAuthRoutes } from '@/test/render-auth-routes.tsx';
import { forgetEmailDraft } from './forms/email-draft.ts';
import { LoginPage } from './LoginPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

await initI18n('en');

/** /login and /forgot-password, the latter's chunk held until the test lets it arrive (a slow network). */
function renderWithSlowResetChunk() {
  let arrive = () => {};
  const chunk = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const requestPasswordReset = vi.fn().mockResolvedValue(undefined);
  const router = renderAuthRoutes(
    [
      { path: '/login', Component: LoginPage },
      {
        path: '/forgot-password',
        lazy: async () => {
          await chunk;
          return { Component: ResetPasswordPage };
        },
      },
    ],
    '/login',
    { requestPasswordReset },
  );
  return { router, arrive, requestPasswordReset };
}

describe('the e-mail between /login and /forgot-password', () => {
  beforeEach(() => forgetEmailDraft());

  it('keeps what was typed while the reset page was still loading, and sends the code to it', async () => {
    const { router, arrive, requestPasswordReset } = renderWithSlowResetChunk();
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.navigation.state).toBe('loading');
    // The login page is still shown: the user starts typing into its Email field.
    await userEvent.type(screen.getByLabelText('Email'), 'tech@dealer.example');

    arrive();
    const send = await screen.findByRole('button', { name: 'Send code' }, LOADED_MACHINE);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('tech@dealer.example');
    await userEvent.click(send);
    await vi.waitFor(
      () => expect(requestPasswordReset).toHaveBeenCalledWith('tech@dealer.example'),
      LOADED_MACHINE,
    );
  });

  it('keeps the e-mail typed on /forgot-password when going back to /login', async () => {
    const { arrive } = renderWithSlowResetChunk();
    arrive();
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('button', { name: 'Send code' }, LOADED_MACHINE);
    await userEvent.type(screen.getByLabelText('Email'), 'tech@dealer.example');
    await userEvent.click(screen.getByRole('link', { name: 'Back to login' }));
    await screen.findByRole('button', { name: 'Login' }, LOADED_MACHINE);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('tech@dealer.example');
  });
});
