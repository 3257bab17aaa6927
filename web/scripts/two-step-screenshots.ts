/**
 * Screenshots of two-step sign-in and passkeys (issue 25 items 5 and 6) against a running server, for review:
 * /login with 'Sign in with a passkey', the authenticator code with a wrong code, the e-mailed code, the
 * method choice, the set-up choice and the authenticator set-up (QR code and key) during sign-in, and Profile
 * settings' Sign-in security (confirm it's you; the sections with a set-up under way and two passkeys), in
 * light and dark, English and zh-TW, 1440 and 390 px.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/two-step-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * The password proof is the pool's own (the demo dealer owner); the second steps Cognito would ask for are
 * answered by a route stub with Cognito's bodies, so the shots need no MFA set up on the account.
 */
import type { Page, Route } from 'playwright-core';
import { demoPassword } from './demo-password.ts';
import {
  comboContext,
  combos,
  runScreenshots,
  shoot,
  shotFile,
  signIn,
  startLoginForm,
} from './screenshot-harness.ts';

const OWNER = 'owner@northwind.example';
const SESSION = `AYABe${'x'.repeat(40)}`;

type Answer = { status?: number; body: unknown };
/** Answers by operation and, for RespondToAuthChallenge, by the challenge answered. */
type Stub = Record<string, Answer | ((body: Record<string, unknown>) => Answer | undefined)>;

async function stubIdentity(page: Page, stub: Stub): Promise<void> {
  await page.route('**/api/identity**', async (route: Route) => {
    const operation = (route.request().headers()['x-amz-target'] ?? '').split('.')[1] ?? '';
    const entry = stub[operation];
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    const answer = typeof entry === 'function' ? entry(body) : entry;
    if (!answer) return route.continue();
    return route.fulfill({
      status: answer.status ?? 200,
      contentType: 'application/x-amz-json-1.1',
      body: JSON.stringify(answer.body),
    });
  });
}

/** After the real password proof (PASSWORD_VERIFIER goes to the pool), Cognito asks for `challenge`. */
const afterPassword =
  (challenge: Answer['body'], next?: Answer) =>
  (body: Record<string, unknown>): Answer | undefined => {
    if (body.ChallengeName === 'PASSWORD_VERIFIER') return { body: challenge };
    return next;
  };

const codeMismatch = {
  status: 400,
  body: { __type: 'CodeMismatchException', message: 'Invalid code received for user' },
};

async function startLogin(page: Page) {
  await page.goto('/login');
  // Signed out, /login's pre-rendered form signs in by itself; another step hands over to the app.
  await startLoginForm(page);
}

async function passwordStep(page: Page) {
  await startLogin(page);
  await page.getByLabel(/^(Email|電子郵件)/).fill(OWNER);
  await page.getByLabel(/^(Password|密碼)/).fill(demoPassword(OWNER));
  await page.getByRole('button', { name: /^(Login|登入)$/ }).click();
  await page.waitForURL(/\/two-step-sign-in$/, { timeout: 60_000 });
}

interface Shot {
  name: string;
  signedIn?: boolean;
  run(page: Page): Promise<void>;
}

const shots: Shot[] = [
  {
    name: 'two-step-login-passkey',
    async run(page) {
      await startLogin(page);
      await page.getByRole('button', { name: /^(Sign in with a passkey|使用通行金鑰登入)$/ }).waitFor();
    },
  },
  {
    name: 'two-step-app-code-wrong',
    async run(page) {
      await stubIdentity(page, {
        RespondToAuthChallenge: afterPassword(
          { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: SESSION, ChallengeParameters: {} },
          codeMismatch,
        ),
      });
      await passwordStep(page);
      await page.getByRole('textbox', { name: /^(Verification code|驗證碼)/ }).fill('123456');
      await page.getByRole('button', { name: /^(Verify|驗證)$/ }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'two-step-mail-code',
    async run(page) {
      await stubIdentity(page, {
        RespondToAuthChallenge: afterPassword({
          ChallengeName: 'EMAIL_OTP',
          Session: SESSION,
          ChallengeParameters: {
            CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
            CODE_DELIVERY_DESTINATION: 'o***@n***',
          },
        }),
      });
      await passwordStep(page);
      await page.getByRole('button', { name: /^(Send a new code|重新寄送驗證碼)$/ }).waitFor();
    },
  },
  {
    name: 'two-step-choose',
    async run(page) {
      await stubIdentity(page, {
        RespondToAuthChallenge: afterPassword({
          ChallengeName: 'SELECT_MFA_TYPE',
          Session: SESSION,
          ChallengeParameters: { MFAS_CAN_CHOOSE: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' },
        }),
      });
      await passwordStep(page);
      await page.getByRole('button', { name: /^(Authenticator app|驗證器應用程式)$/ }).waitFor();
    },
  },
  {
    name: 'two-step-setup-choose',
    async run(page) {
      await stubIdentity(page, {
        RespondToAuthChallenge: afterPassword({
          ChallengeName: 'MFA_SETUP',
          Session: SESSION,
          ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' },
        }),
      });
      await passwordStep(page);
      await page.getByRole('button', { name: /^(E-mail code|電子郵件驗證碼)$/ }).waitFor();
    },
  },
  {
    name: 'two-step-setup-app',
    async run(page) {
      await stubIdentity(page, {
        RespondToAuthChallenge: afterPassword({
          ChallengeName: 'MFA_SETUP',
          Session: SESSION,
          ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' },
        }),
        AssociateSoftwareToken: {
          body: { SecretCode: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', Session: SESSION },
        },
      });
      await passwordStep(page);
      await page.getByRole('button', { name: /^(Authenticator app|驗證器應用程式)$/ }).click();
      await page.getByRole('img', { name: /QR/ }).waitFor();
    },
  },
  {
    name: 'two-step-profile-confirm',
    signedIn: true,
    async run(page) {
      await openSecurity(page);
    },
  },
  {
    name: 'two-step-profile-security',
    signedIn: true,
    async run(page) {
      await stubIdentity(page, {
        ListWebAuthnCredentials: {
          body: {
            Credentials: [
              {
                CredentialId: 'cred-1',
                FriendlyCredentialName: 'iCloud Keychain',
                RelyingPartyId: 'localhost',
                AuthenticatorTransports: ['internal'],
                CreatedAt: Date.parse('2026-03-02T09:00:00Z') / 1000,
              },
              {
                CredentialId: 'cred-2',
                FriendlyCredentialName: 'YubiKey 5 NFC',
                RelyingPartyId: 'localhost',
                AuthenticatorTransports: ['usb', 'nfc'],
                CreatedAt: Date.parse('2026-10-14T16:30:00Z') / 1000,
              },
            ],
          },
        },
        AssociateSoftwareToken: { body: { SecretCode: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } },
      });
      const dialog = await openSecurity(page);
      await dialog.getByLabel(/^(Password|密碼)/).fill(demoPassword(OWNER));
      await dialog.getByRole('button', { name: /^(Confirm|確認)$/ }).click();
      await dialog.getByText('YubiKey 5 NFC').waitFor({ timeout: 60_000 });
      await dialog.getByRole('button', { name: /^(Set up|設定)$/ }).click();
      await dialog.getByRole('img', { name: /QR/ }).waitFor();
    },
  },
];

async function openSecurity(page: Page) {
  await page.goto('/my-company');
  await page.waitForSelector('main h1');
  await page.getByRole('button', { name: /^(Account menu|帳號選單)$/ }).click();
  await page.getByRole('menuitem', { name: /^(Profile settings|個人資料設定)$/ }).click();
  await page.getByRole('button', { name: /^(Sign-in security|登入安全性)$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^(Sign-in security|登入安全性)$/ });
  await dialog.getByRole('button', { name: /^(Confirm|確認)$/ }).waitFor();
  return dialog;
}

await runScreenshots(async (run) => {
  /** One real sign-in whose storage (Amplify's tokens in localStorage) every signed-in shot reuses. */
  const state = await signIn(run, OWNER);
  for (const combo of combos(run.only)) {
    for (const shot of shots) {
      const context = await comboContext(run, combo, {
        ...(shot.signedIn ? { storageState: state } : {}),
        pinTheme: false,
      });
      const name = `${shot.name}-${combo.widthFirstId}`;
      try {
        const page = await context.newPage();
        try {
          await shot.run(page);
          await shoot(run, page, name, { fullPage: combo.viewport.name === '390', pause: 400 });
        } catch (error) {
          await page.screenshot({ path: shotFile(run, `${name}.failed`) }).catch(() => undefined);
          throw error;
        }
      } finally {
        await context.close();
      }
    }
  }
});
