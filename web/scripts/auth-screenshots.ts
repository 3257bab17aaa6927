/**
 * Screenshots of the sign-in screens against a running server (real app, real pool), for review:
 * /login with an error, the lockout warning, /set-new-password, both steps of /forgot-password and the
 * change-password dialog, in light and dark, English and zh-TW, 1440 and 390 px.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/auth-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Identity errors are answered by a route stub (the pool's exact error bodies), so no account gets locked;
 * the change-password dialog uses one real SRP sign-in of the demo dealer owner. PNGs in screenshots/.
 */
import type { Page } from 'playwright-core';
import { comboContext, combos, runScreenshots, shoot, signIn, startLoginForm } from './screenshot-harness.ts';

const OWNER = 'owner@northwind.example';

type Stub = Record<string, { status: number; body: unknown }>;

/** Answers the named identity operations with fixed bodies; everything else reaches the pool. */
async function stubIdentity(page: Page, stub: Stub): Promise<void> {
  await page.route('**/api/identity**', async (route) => {
    const operation = (route.request().headers()['x-amz-target'] ?? '').split('.')[1] ?? '';
    const answer = stub[operation];
    if (!answer) return route.continue();
    return route.fulfill({
      status: answer.status,
      contentType: 'application/x-amz-json-1.1',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(answer.body),
    });
  });
}

const cognitoError = (type: string, message: string) => ({ status: 400, body: { __type: type, message } });

async function fillLogin(page: Page, password: string) {
  // Signed out, /login's pre-rendered form signs in by itself; another step hands over to the app.
  await startLoginForm(page);
  await page.getByLabel(/^(Email|電子郵件)/).fill(OWNER);
  await page.getByLabel(/^(Password|密碼)/).fill(password);
  await page.getByRole('button', { name: /^(Login|登入)$/ }).click();
}

interface Shot {
  name: string;
  signedIn?: boolean;
  run(page: Page): Promise<void>;
}

const shots: Shot[] = [
  {
    name: 'auth-login-error',
    async run(page) {
      await stubIdentity(page, {
        InitiateAuth: cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
      });
      await page.goto(`/login`);
      await fillLogin(page, 'Wrong-Password-1');
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'auth-login-temporary-expired',
    async run(page) {
      await stubIdentity(page, {
        InitiateAuth: cognitoError(
          'NotAuthorizedException',
          'Temporary password has expired and must be reset by an administrator.',
        ),
      });
      await page.goto(`/login`);
      await fillLogin(page, 'Old-Temporary-1');
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'auth-lockout',
    async run(page) {
      await stubIdentity(page, {
        InitiateAuth: cognitoError('NotAuthorizedException', 'Password attempts exceeded'),
      });
      await page.goto(`/login`);
      await fillLogin(page, 'Wrong-Password-1');
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'auth-set-new-password',
    async run(page) {
      await page.addInitScript(() =>
        window.sessionStorage.setItem(
          'partner-portal.new-password-challenge',
          JSON.stringify({ username: 'new.member@northwind.example', expiresAt: Date.now() + 180_000 }),
        ),
      );
      await page.goto(`/set-new-password`);
      await page.getByLabel(/^(New password|新密碼)/).fill('Abcdefg');
      await page.getByLabel(/^(Confirm password|確認密碼)/).fill('Abcdefg1');
      await page.getByRole('button', { name: /^(Confirm|確認)$/ }).click();
    },
  },
  {
    name: 'auth-forgot-password-request',
    async run(page) {
      await page.goto(`/forgot-password`);
      await page.getByRole('textbox').first().waitFor();
    },
  },
  {
    name: 'auth-forgot-password-confirm',
    async run(page) {
      await stubIdentity(page, {
        ForgotPassword: {
          status: 200,
          body: {
            CodeDeliveryDetails: {
              DeliveryMedium: 'EMAIL',
              Destination: 'o***@n***',
              AttributeName: 'email',
            },
          },
        },
        ConfirmForgotPassword: cognitoError(
          'ExpiredCodeException',
          'Invalid code provided, please request a code again.',
        ),
      });
      await page.goto(`/forgot-password`);
      await page.getByLabel(/^(Email|電子郵件)/).fill(OWNER);
      await page.getByRole('button', { name: /^(Send code|寄送驗證碼)$/ }).click();
      await page.getByLabel(/^(Verification code|驗證碼)/).fill('123456');
      await page.getByLabel(/^(New password|新密碼)/).fill('Reset-Pass-42');
      await page.getByLabel(/^(Confirm password|確認密碼)/).fill('Reset-Pass-42');
      await page.getByRole('button', { name: /^(Reset password|重設密碼)$/ }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'auth-change-password',
    signedIn: true,
    async run(page) {
      await stubIdentity(page, {
        ChangePassword: cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
      });
      await page.goto(`/my-company?changePassword=1`);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^(Current password|目前密碼)/).fill('Not-My-Pass1');
      await dialog.getByLabel(/^(New password|新密碼)/).fill('Changed-Pass-7');
      await dialog.getByLabel(/^(Confirm password|確認密碼)/).fill('Changed-Pass-7');
      await dialog.getByRole('button', { name: /^(Save|儲存)$/ }).click();
      await dialog.getByText(/^(Incorrect password\.|密碼不正確。)$/).waitFor();
    },
  },
];

await runScreenshots(async (run) => {
  /** One real sign-in whose storage (Amplify's tokens in localStorage) every signed-in shot reuses. */
  const state = await signIn(run, OWNER);
  for (const combo of combos(run.only)) {
    for (const shot of shots) {
      const context = await comboContext(run, combo, {
        ...(shot.signedIn ? { storageState: state } : {}),
        pinTheme: false,
      });
      try {
        const page = await context.newPage();
        await shot.run(page);
        await shoot(run, page, `${shot.name}-${combo.widthFirstId}`, {
          fullPage: combo.viewport.name === '390',
          pause: 400,
        });
      } finally {
        await context.close();
      }
    }
  }
});
