import { slowJourney, test } from '../support/fixtures.ts';
import { useLanguage } from '../support/language.ts';
import { gotoLogin, signInAs, submitLogin } from '../support/sign-in.ts';

// Each sign-in runs SRP in the browser; on a shared machine that takes seconds.
const expect = slowJourney(180_000);
test.describe('sign-in', () => {
  test('the dealer owner signs in with SRP and lands on the customer list; the sign-in is recorded', async ({
    page,
    company,
  }) => {
    const flows: string[] = [];
    const recorded: unknown[] = [];
    page.on('request', (request) => {
      const target = request.headers()['x-amz-target'] ?? '';
      if (target.endsWith('.InitiateAuth')) flows.push(JSON.parse(request.postData() ?? '{}').AuthFlow);
      if (target.endsWith('.RespondToAuthChallenge'))
        flows.push(JSON.parse(request.postData() ?? '{}').ChallengeName);
      if (request.url().endsWith('/api/obm/v1/stats/login_record')) recorded.push(request.postDataJSON());
    });

    await gotoLogin(page);
    await expect(page).toHaveTitle(/^Login \| /);
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await submitLogin(page, company.owner.email, company.owner.password);

    // SRP runs big-number arithmetic in the browser: allow for a busy machine.
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My customer' })).toBeVisible();
    expect(flows).toEqual(['USER_SRP_AUTH', 'PASSWORD_VERIFIER']);
    await expect.poll(() => recorded.length).toBe(1);
    expect(recorded[0]).toMatchObject({ email: company.owner.email, region: 'us-west-2' });

    // A signed-in visitor is sent from /login and /forgot-password to the landing page.
    await gotoLogin(page);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/forgot-password');
    await expect(page).toHaveURL(/\/account$/);
  });

  test('a distributor lands on /partners and never calls the dealer-only services', async ({
    page,
    makeCompany,
  }) => {
    // The server answers 403 to other roles on dashboard and customer data (issue 12): the app must not ask.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400)
        refused.push(`${response.status()} ${response.url()}`);
    });
    await signInAs(page, (await makeCompany('disty')).owner);
    // Issue 16: the roles above dealers land on their partners (this distributor has none).
    await expect(page).toHaveURL(/\/partners$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });

  test('empty fields, wrong password, unknown account and network failure show their messages', async ({
    page,
    company,
  }) => {
    await gotoLogin(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('The field cannot be empty.')).toHaveCount(2);

    await submitLogin(page, company.owner.email, 'Wrong-Password-1');
    await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');

    await submitLogin(page, 'nobody-here@e2e.example', 'Whatever-1');
    await expect(page.getByRole('alert')).toHaveText('Account does not exist');

    await page.route('**/api/identity**', (route) => route.abort('connectionrefused'));
    await submitLogin(page, company.owner.email, 'Whatever-1');
    await expect(page.getByRole('alert')).toHaveText('Failed to connect to server');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('in Traditional Chinese', async ({ page, company }) => {
    await useLanguage(page, 'zh-TW');
    await gotoLogin(page);
    await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page.getByText('此欄位不可空白。')).toHaveCount(2);

    await submitLogin(page, company.owner.email, 'Wrong-Password-1');
    await expect(page.getByRole('alert')).toHaveText('使用者名稱或密碼不正確。');
    await submitLogin(page, 'nobody-here@e2e.example', 'Whatever-1');
    await expect(page.getByRole('alert')).toHaveText('帳號不存在');

    await submitLogin(page, company.owner.email, company.owner.password);
    await expect(page).toHaveURL(/\/account$/);
  });
});
