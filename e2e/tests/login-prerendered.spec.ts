import type { Page, Route } from '@playwright/test';
import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { gotoLogin, submitLogin } from '../support/sign-in.ts';

/**
 * Issue 24 point 1: /login's form is in the HTML (web/prerender/login-shell.ts), usable before any script
 * arrives; it signs in by itself with Amplify (web/src/app/login-shell/), with the app's rules and messages,
 * and starts the app for the landing page or hands over to it (a new password, a passkey, another page).
 */
const expect = slowJourney(180_000);

/** Holds every script of the app (hashed assets) until the returned function lets them through. */
async function holdAppScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

test('without the app, /login paints the usable form in the browser language; no app script is needed', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.route('**/assets/*.js', (route) => route.abort());
  await useLanguage(page, 'zh-TW');
  await page.goto('/login');

  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  const email = page.getByLabel('電子郵件');
  await expect(email).toBeFocused();
  await email.fill('owner@example.test');
  await expect(email).toHaveValue('owner@example.test');
  await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '隱私權政策' })).toBeVisible();
  await expect(page.getByText('Email', { exact: true })).toBeHidden();
  expect(scripts).toEqual(['/login-boot.js']);
});

/** Scripts the page requested, and the app's entry started (a module script of the app in the document). */
function watchScripts(page: Page): { scripts: string[]; api: string[] } {
  const seen = { scripts: [] as string[], api: [] as string[] };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script') seen.scripts.push(pathname);
    if (pathname.startsWith('/api/')) seen.api.push(pathname);
  });
  return seen;
}

/** Whether the React app has started: its entry script is in the document or it rendered into #root. */
const appStarted = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector('script[type="module"][src*="/assets/index-"]') !== null ||
      (document.getElementById('root')?.childElementCount ?? 0) > 0,
  );

/** Holds Amplify's answer to the password proof (RespondToAuthChallenge) until the returned function. */
async function holdPasswordProof(page: Page): Promise<{ held: Promise<void>; release: () => void }> {
  let release = () => {};
  let reached = () => {};
  const held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const go = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/identity**', async (route) => {
    if ((route.request().headers()['x-amz-target'] ?? '').endsWith('.RespondToAuthChallenge')) {
      reached();
      await go;
    }
    await route.continue();
  });
  return { held, release };
}

/** Answers every sign-in's first request (InitiateAuth) with a Cognito error. */
async function answerSignIn(page: Page, type: string, message: string): Promise<void> {
  await page.route('**/api/identity**', (route) =>
    (route.request().headers()['x-amz-target'] ?? '').endsWith('.InitiateAuth')
      ? route.fulfill({
          status: 400,
          contentType: 'application/x-amz-json-1.1',
          headers: { 'x-amzn-errortype': type },
          body: JSON.stringify({ __type: type, message }),
        })
      : route.continue(),
  );
}

/** As Cognito answers an account in lockout. */
const answerLockedOut = (page: Page) =>
  answerSignIn(page, 'NotAuthorizedException', 'Password attempts exceeded');

test("signed out, /login runs no script until the visitor uses the page; then only the form's own, no React", async ({
  page,
}) => {
  const seen = watchScripts(page);
  await page.goto('/login', { waitUntil: 'load' });
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // Long enough for a script started at the first paint or the load event to have been requested.
  await page.waitForTimeout(2_000);
  expect(seen.scripts).toEqual(['/login-boot.js']);
  expect(seen.api).toEqual([]);

  await page.keyboard.press('Shift');
  await expect(page.locator('#prerendered-login-form[data-ready]')).toBeAttached();
  expect(seen.scripts.some((script) => /^\/assets\/login-form-/.test(script))).toBe(true);
  // Empty fields: the app's messages, from the form's own script.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('The field cannot be empty.')).toHaveCount(2);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid e-mail')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  expect(await appStarted(page)).toBe(false);
  expect(seen.scripts.filter((script) => /react|jsx-runtime|\/index-/.test(script))).toEqual([]);
});

test('a complete sign-in runs no React before the landing page: the form signs in, the app lands', async ({
  page,
  company,
}) => {
  const seen = watchScripts(page);
  const proof = await holdPasswordProof(page);
  await gotoLogin(page);
  await page.getByLabel('Email').fill(company.owner.email);
  await page.getByLabel('Password').fill(company.owner.password);
  await page.getByRole('button', { name: 'Login' }).click();

  // While the password proof runs the app's code is fetched (modulepreload), not started.
  await proof.held;
  expect(await appStarted(page)).toBe(false);
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/signed-in-"]')).toBeAttached();
  await expect(page.locator('#prerendered-login-form')).toHaveAttribute('data-submitted', '');
  proof.release();

  await expect(page).toHaveURL(/\/account$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'My customer' })).toBeVisible();
  await expect(page.locator('#prerendered-login')).toHaveCount(0);
  // Amplify was loaded once, by the form; the app went on with that instance and its tokens.
  const amplifyChunks = seen.scripts.filter((script) => /\/assets\/auth-/.test(script));
  expect(new Set(amplifyChunks).size).toBe(amplifyChunks.length);
  await expect.poll(() => seen.api.filter((path) => path.endsWith('/login_record')).length).toBe(1);
});

test("a submit before the form's script arrived is kept, and signs in", async ({ page, company }) => {
  const release = await holdAppScripts(page);
  // 'load' would wait for the held scripts.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('#prerendered-login-form').waitFor();
  await page.getByLabel('Email').fill(company.owner.email);
  await page.getByLabel('Password').fill(company.owner.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('#prerendered-login-form')).toHaveAttribute('data-submitted', '');

  await release();
  await expect(page).toHaveURL(/\/account$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'My customer' })).toBeVisible();
});

for (const [language, wrong] of [
  ['en', 'Incorrect username or password.'],
  ['zh-TW', '使用者名稱或密碼不正確。'],
] as const) {
  test(`a wrong password is answered by the form in ${language}, without the app`, async ({
    page,
    company,
  }) => {
    await useLanguage(page, language);
    await gotoLogin(page);
    await submitLogin(page, company.owner.email, 'Wrong-Password-1');
    await expect(page.locator('#prerendered-login-form [role="alert"]')).toHaveText(wrong);
    await expect(page.locator('#prerendered-login-form')).not.toHaveAttribute('data-submitted');
    expect(await appStarted(page)).toBe(false);
  });
}

test('an account in lockout: the form says so with the lockout advice, in Traditional Chinese', async ({
  page,
}) => {
  await useLanguage(page, 'zh-TW');
  await answerLockedOut(page);
  await gotoLogin(page);
  await submitLogin(page, 'locked@e2e.example', 'Whatever-1');
  const dialog = page.getByRole('dialog', { name: '密碼嘗試次數過多' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('請於 15 分鐘後再試');
  await expect(page.locator('#prerendered-login-form [role="alert"]')).toHaveText('密碼嘗試次數過多');
  expect(await appStarted(page)).toBe(false);
  // Reset opens the app's reset page with the e-mail typed.
  await dialog.getByRole('button', { name: '重設' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByLabel('電子郵件')).toHaveValue('locked@e2e.example');
});

test('a password an administrator reset says "Password expired", from the form', async ({ page }) => {
  await answerSignIn(page, 'PasswordResetRequiredException', 'Password reset required for the user');
  await gotoLogin(page);
  await submitLogin(page, 'reset-by-admin@e2e.example', 'Whatever-1');
  await expect(page.locator('#prerendered-login-form [role="alert"]')).toHaveText('Password expired');
  expect(await appStarted(page)).toBe(false);
});

test("an expired temporary password is handed to the app's login page, which offers 'Resend password'", async ({
  page,
}) => {
  await answerSignIn(
    page,
    'NotAuthorizedException',
    'Temporary password has expired and must be reset by an administrator.',
  );
  await gotoLogin(page);
  await submitLogin(page, 'expired-temporary@e2e.example', 'Temporary-1');
  await expect(page.locator('#prerendered-login')).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('The temporary password has expired.');
  await expect(page.getByRole('button', { name: 'Resend password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('expired-temporary@e2e.example');
});

test("a member on a temporary password is handed to the app's new-password screen and finishes there", async ({
  page,
  members,
}) => {
  const member = await members.create({ prefix: 'shell-newpw' });
  await gotoLogin(page);
  await submitLogin(page, member.email, member.temporaryPassword);
  await expect(page).toHaveURL(/\/set-new-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  // The sign-in the form started goes on in the same Amplify.
  await page.getByLabel('New password', { exact: true }).fill('My-Own-Pass1');
  await page.getByLabel('Confirm password', { exact: true }).fill('My-Own-Pass1');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 60_000 });
});

test('the typed e-mail survives the hand-over: forgot password, and a passkey sign-in on the login page', async ({
  page,
}) => {
  await gotoLogin(page);
  await page.getByLabel('Email').fill('someone@example.test');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('someone@example.test');

  await gotoLogin(page);
  await page.getByLabel('Email').fill('passkey@example.test');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // The app's login page (its password field has a show/hide button) with the e-mail.
  await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
  await expect(page.locator('#prerendered-login')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue('passkey@example.test');
});

test('a signed-out page other than /login carries no pre-rendered form', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  expect(await page.content()).not.toContain('prerendered-login');
});
