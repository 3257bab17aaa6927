import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import type { SignInOutcome } from '@/shared/session/amplify/sign-in-outcome.ts';
import type { TwoStepChallenge } from '@/shared/session/two-step/two-step-challenge.ts';
import { LOADED_MACHINE } from '@/test/loaded-machine.ts';
import { renderAuthRoutes } from '@/test/render-auth-routes.tsx';
import { TwoStepSignInPage } from './TwoStepSignInPage.tsx';

await initI18n('en');

const authError = (name: string, message: string) => Object.assign(new Error(message), { name });

/**
 * The page against a session double: `steps` are the challenges in order; each confirmTwoStep answers
 * with the next one (or 'signedIn' after the last), unless `confirm` says otherwise.
 */
function renderPage(
  steps: (TwoStepChallenge | null)[],
  overrides: {
    confirm?: (answer: string) => Promise<SignInOutcome>;
    repeatSignIn?: () => Promise<SignInOutcome>;
  } = {},
) {
  let index = 0;
  const confirmTwoStep = vi.fn(
    overrides.confirm ??
      (async () => {
        index += 1;
        return index < steps.length ? ('twoStep' as const) : ('signedIn' as const);
      }),
  );
  const repeatSignIn = vi.fn(overrides.repeatSignIn ?? (async () => 'twoStep' as const));
  const session = {
    pendingTwoStep: () => steps[index] ?? null,
    pendingSignInEmail: () => 'owner@northwind.example',
    confirmTwoStep,
    repeatSignIn,
  };
  const router = renderAuthRoutes(
    [
      { path: '/two-step-sign-in', Component: TwoStepSignInPage },
      { path: '/', element: <p>home</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    '/two-step-sign-in',
    session,
  );
  return { router, confirmTwoStep, repeatSignIn };
}

const codeField = () => screen.getByRole('textbox', { name: 'Verification code' });

describe('TwoStepSignInPage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('signs in with the code of the authenticator app', async () => {
    const { router, confirmTwoStep } = renderPage([{ kind: 'totpCode' }]);
    expect(screen.getByRole('heading', { name: 'Enter your verification code' })).toBeTruthy();
    await userEvent.type(codeField(), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(confirmTwoStep).toHaveBeenCalledWith('123456');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), LOADED_MACHINE);
  });

  it('asks for six digits before calling Cognito', async () => {
    const { confirmTwoStep } = renderPage([{ kind: 'totpCode' }]);
    await userEvent.type(codeField(), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(confirmTwoStep).not.toHaveBeenCalled();
  });

  it('says a wrong app code is wrong and lets the user try again', async () => {
    const confirm = vi
      .fn()
      .mockRejectedValueOnce(authError('CodeMismatchException', 'Invalid code received for user'))
      .mockResolvedValue('signedIn');
    const { router } = renderPage([{ kind: 'totpCode' }], { confirm });
    await userEvent.type(codeField(), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Incorrect code. Please enter the current code from your authenticator app.',
    );
    await userEvent.type(codeField(), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), LOADED_MACHINE);
  });

  it('says when the sign-in session has expired (NotAuthorizedException) and when the account is locked', async () => {
    const confirm = vi
      .fn()
      .mockRejectedValueOnce(
        authError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
      )
      .mockRejectedValueOnce(authError('NotAuthorizedException', 'Password attempts exceeded'));
    renderPage([{ kind: 'totpCode' }], { confirm });
    await userEvent.type(codeField(), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your sign-in has expired. Please sign in again.',
    );
    await userEvent.type(codeField(), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(
      () =>
        expect(screen.getByRole('alert').textContent).toBe(
          'Attempt limit exceeded. Try again after 15 minutes.',
        ),
      LOADED_MACHINE,
    );
  });

  it('shows where the e-mailed code went, sends a new one, and names an expired one', async () => {
    const confirm = vi.fn().mockRejectedValue(authError('ExpiredCodeException', 'Invalid code provided'));
    const { repeatSignIn } = renderPage([{ kind: 'emailCode', destination: 'o***@northwind.example' }], {
      confirm,
    });
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText(/o\*\*\*@northwind\.example/)).toBeTruthy();
    await userEvent.type(codeField(), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Your code is expired. Please get a new one with 'Send a new code'.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(repeatSignIn).toHaveBeenCalledOnce();
    expect((await screen.findByRole('status')).textContent).toBe('Sent successfully!');
  });

  it('asks to sign in again when a new code cannot be sent without the password', async () => {
    const repeatSignIn = vi.fn().mockRejectedValue(authError('NoSignInToRepeatError', 'no password'));
    renderPage([{ kind: 'emailCode' }], { repeatSignIn });
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('To get a new code, please sign in again.');
  });

  it('lets the user choose the method, then asks for its code', async () => {
    const { confirmTwoStep } = renderPage([
      { kind: 'chooseMethod', methods: ['TOTP', 'EMAIL'] },
      { kind: 'totpCode' },
    ]);
    expect(screen.getByRole('heading', { name: 'Choose how to verify' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Authenticator app' }));
    expect(confirmTwoStep).toHaveBeenCalledWith('TOTP');
    expect(await screen.findByRole('heading', { name: 'Enter your verification code' })).toBeTruthy();
  });

  it('sets up the authenticator app when a factor is required: QR code, key as text, then the first code', async () => {
    const setup = {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
      uri: (issuer: string, account: string) =>
        `otpauth://totp/${issuer}:${account}?secret=JBSWY3DPEHPK3PXPJBSWY3DP`,
    };
    const { router, confirmTwoStep } = renderPage([
      { kind: 'chooseSetup', methods: ['TOTP', 'EMAIL'] },
      { kind: 'totpSetup', setup },
    ]);
    expect(screen.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Authenticator app' }));
    expect(confirmTwoStep).toHaveBeenLastCalledWith('TOTP');
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await userEvent.type(codeField(), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(confirmTwoStep).toHaveBeenLastCalledWith('654321');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), LOADED_MACHINE);
  });

  it("sets up e-mail codes with the account's address, then asks for the mailed code", async () => {
    const { confirmTwoStep } = renderPage([{ kind: 'emailSetup' }, { kind: 'emailCode' }]);
    expect(screen.getByText(/owner@northwind\.example/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(confirmTwoStep).toHaveBeenCalledWith('owner@northwind.example');
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
  });

  it('says the sign-in expired when no step is pending any more (e.g. a set-up after a reload)', () => {
    renderPage([null]);
    expect(screen.getByRole('alert').textContent).toBe('Your sign-in has expired. Please sign in again.');
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
  });

  it('speaks Traditional Chinese throughout, errors included', async () => {
    await i18n.changeLanguage('zh-TW');
    const confirm = vi
      .fn()
      .mockRejectedValue(authError('CodeMismatchException', 'Invalid code received for user'));
    renderPage([{ kind: 'emailCode' }], { confirm });
    await userEvent.type(screen.getByRole('textbox', { name: '驗證碼' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: '驗證' }));
    expect((await screen.findByRole('alert')).textContent).toBe('驗證碼不正確，請確認我們寄給您的驗證碼。');
    expect(screen.getByRole('button', { name: '重新寄送驗證碼' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[A-Za-z]{4,}/);
  });
});
