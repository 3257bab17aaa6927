/**
 * Screenshots of the sign-in screens against a running server (real app, real pool), for review:
 * /login with an error, the lockout warning, /set-new-password, both steps of /forgot-password and the
 * change-password dialog, in light and dark, English and zh-TW, 1440 and 390 px.
 *
 *   npm run build -w web && PORT=8190 DATA_DIR=$(mktemp -d) npm run serve     # in another shell
 *   BASE_URL=http://localhost:8190 ACCOUNTS_FILE=$DATA_DIR/demo-accounts.json npx tsx web/scripts/auth-screenshots.ts
 *
 * Identity errors are answered by a route stub (the pool's exact error bodies), so no account gets locked;
 * the change-password dialog uses one real SRP sign-in of the demo dealer owner.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8190';
const outDir = fileURLToPath(new URL('../../screenshots/', import.meta.url));
const accountsFile = process.env.ACCOUNTS_FILE;
if (!accountsFile) throw new Error('Set ACCOUNTS_FILE to the server data directory’s demo-accounts.json');
const accounts = JSON.parse(readFileSync(accountsFile, 'utf8')) as { email: string; password: string }[];
const owner = accounts.find((a) => a.email === 'owner@northwind.example');
if (!owner) throw new Error('owner@northwind.example is not in the accounts file');

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
  await page.getByLabel(/^(Email|電子郵件)/).fill(owner!.email);
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
      await page.goto(`${base}/login`);
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
      await page.goto(`${base}/login`);
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
      await page.goto(`${base}/login`);
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
      await page.goto(`${base}/set-new-password`);
      await page.getByLabel(/^(New password|新密碼)/).fill('Abcdefg');
      await page.getByLabel(/^(Confirm password|確認密碼)/).fill('Abcdefg1');
      await page.getByRole('button', { name: /^(Confirm|確認)$/ }).click();
    },
  },
  {
    name: 'auth-forgot-password-request',
    async run(page) {
      await page.goto(`${base}/forgot-password`);
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
      await page.goto(`${base}/forgot-password`);
      await page.getByLabel(/^(Email|電子郵件)/).fill(owner!.email);
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
      await page.goto(`${base}/my-company?changePassword=1`);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^(Current password|目前密碼)/).fill('Not-My-Pass1');
      await dialog.getByLabel(/^(New password|新密碼)/).fill('Changed-Pass-7');
      await dialog.getByLabel(/^(Confirm password|確認密碼)/).fill('Changed-Pass-7');
      await dialog.getByRole('button', { name: /^(Save|儲存)$/ }).click();
      await dialog.getByText(/^(Incorrect password\.|密碼不正確。)$/).waitFor();
    },
  },
];

const viewports = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;
const schemes = ['light', 'dark'] as const;
const locales = ['en', 'zh-TW'] as const;

const browser = await launchChromium();

/** One real sign-in whose storage (Amplify's tokens in localStorage) every signed-in shot reuses. */
async function signedInState(): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await fillLogin(page, owner!.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

try {
  await mkdir(outDir, { recursive: true });
  const state = await signedInState();
  for (const viewport of viewports) {
    for (const scheme of schemes) {
      for (const locale of locales) {
        for (const shot of shots) {
          const context = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
            colorScheme: scheme,
            locale,
            ...(shot.signedIn ? { storageState: state } : {}),
          });
          const page = await context.newPage();
          page.on('pageerror', (error) =>
            console.error(`[${shot.name} ${locale} ${scheme}] page error:`, error.message),
          );
          await page.addInitScript(
            (language) => window.localStorage.setItem('partner-portal.language', language),
            locale,
          );
          await shot.run(page);
          await page.waitForTimeout(400);
          const file = `${outDir}${shot.name}-${viewport.name}-${scheme}-${locale}.png`;
          await page.screenshot({ path: file, fullPage: viewport.name === '390' });
          console.info('wrote', file);
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
}
