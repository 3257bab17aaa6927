/**
 * Screenshots of My Company → Notifications (issue 15) against a running real server, in light and dark,
 * English and zh-TW, 1440 and 390 px: the tab (my e-mail notifications, company rules, webhooks), the rule
 * dialog, the webhook form with SPEC §5 messages, the one-time secret, and a webhook's page with its
 * delivery log. Each screen is also checked with axe (WCAG 2.1 AA); violations are printed and fail the run.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/notifications-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Signs in as the demo dealer owner@northwind.example through /login. The notification answers
 * (`/api/notifications/**`) come from the fixtures below, so every screen shows the same rules, webhooks and
 * deliveries whatever the server holds; nothing is changed on the server.
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
  type Combo,
  checkAccessibility,
  forEachCombo,
  type Run,
  runScreenshots,
  shoot,
  signIn,
} from './screenshot-harness.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const WEBHOOKS = [
  {
    id: 'wh-tickets',
    name: 'Ticketing',
    url: 'https://tickets.northwind.example/hooks/portal',
    events: ['CAMERA', 'SERVER.OFFLINE', 'SERVER.DISK_FAILED'],
    template: '{\n  "title": "{{device.name}}: {{incident.type}}",\n  "customer": "{{customer.name}}"\n}',
    enabled: true,
    disabledReason: null,
    consecutiveFailures: 0,
    createdAt: minutesAgo(60 * 24 * 3),
    updatedAt: minutesAgo(60 * 24 * 3),
    previousSecretExpiresAt: null,
    lastDelivery: { at: minutesAgo(4), responseStatus: 200, ok: true },
  },
  {
    id: 'wh-chat',
    name: 'Night shift chat',
    url: 'https://chat.northwind.example/incoming/8f2c',
    events: [],
    template: null,
    enabled: false,
    disabledReason: '20 consecutive failed deliveries (HTTP 503)',
    consecutiveFailures: 20,
    createdAt: minutesAgo(60 * 24 * 9),
    updatedAt: minutesAgo(60 * 5),
    previousSecretExpiresAt: null,
    lastDelivery: { at: minutesAgo(60 * 5), responseStatus: 503, ok: false },
  },
];

const DELIVERIES = [
  { event: 'webhook.test', attempt: 1, responseStatus: 200, durationMs: 84, at: minutesAgo(4) },
  { event: 'incident.resolved', attempt: 1, responseStatus: 200, durationMs: 112, at: minutesAgo(38) },
  { event: 'incident.opened', attempt: 3, responseStatus: 200, durationMs: 97, at: minutesAgo(52) },
  {
    event: 'incident.opened',
    attempt: 2,
    responseStatus: null,
    durationMs: 10_000,
    at: minutesAgo(53),
    error: 'Timed out after 10 s',
  },
  {
    event: 'incident.opened',
    attempt: 1,
    responseStatus: 502,
    durationMs: 231,
    at: minutesAgo(55),
    error: 'HTTP 502 Bad Gateway',
  },
].map((delivery, index) => ({ id: `d${index}`, messageId: `msg_${index}`, ...delivery }));

async function fixtures(context: BrowserContext, organizationIds: string[]): Promise<void> {
  const settings = {
    timeZone: 'Asia/Taipei',
    usingDefaultRule: false,
    rules: [
      {
        id: 'r1',
        name: 'Offline devices',
        events: ['CAMERA.OFFLINE', 'SERVER.OFFLINE'],
        organizationIds: null,
        recipients: 'members',
        delivery: 'immediate',
        reminders: true,
        createdAt: minutesAgo(9000),
        updatedAt: minutesAgo(9000),
      },
      {
        id: 'r2',
        name: 'Licenses for key accounts',
        events: ['LICENSE'],
        organizationIds: organizationIds.slice(0, 3),
        recipients: 'owner',
        delivery: 'digest',
        reminders: false,
        createdAt: minutesAgo(8000),
        updatedAt: minutesAgo(8000),
      },
    ],
  };
  const subscription = {
    delivery: 'immediate',
    events: ['CAMERA', 'SERVER'],
    organizationIds: null,
    reminders: true,
    quietHours: { from: '22:00', to: '07:00' },
    digestHour: 8,
    timeZone: 'Europe/Lisbon',
    saved: true,
  };
  await context.route('**/api/notifications/**', async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace(/^\/api\/notifications/, '');
    const json = (body: unknown, status = 200) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (path === '/v1/settings') return json(settings);
    if (path === '/v1/subscription') return json(subscription);
    if (path === '/v1/webhooks' && request.method() === 'GET') return json({ items: WEBHOOKS });
    if (path === '/v1/webhooks' && request.method() === 'POST') {
      const body = request.postDataJSON() as Record<string, unknown>;
      if (body.name === 'One too many')
        return json(
          {
            detail: 'A company can have at most 25 webhooks. Delete one before adding another.',
            extraType: 'CONFLICT',
          },
          409,
        );
      return json(
        { ...WEBHOOKS[0], ...body, id: 'wh-new', secret: 'whsec_C2lnbmluZy1zZWNyZXQtZm9yLXNjcmVlbnNob3Rz' },
        201,
      );
    }
    const deliveries = /^\/v1\/webhooks\/([^/]+)\/deliveries$/.exec(path);
    if (deliveries) return json({ items: DELIVERIES, next_cursor: null });
    const one = /^\/v1\/webhooks\/([^/]+)$/.exec(path);
    if (one) {
      const webhook = WEBHOOKS.find((item) => item.id === one[1]);
      return webhook
        ? json(webhook)
        : json({ title: 'Not Found', status: 404, detail: 'Webhook not found' }, 404);
    }
    return json({ title: 'Not Found', status: 404, detail: 'Not found' }, 404);
  });
}

/** Customer ids of the demo dealer, for the rule naming chosen customers. */
async function customerIds(page: Page): Promise<string[]> {
  await page.goto('/account');
  const links = page.locator('a[href^="/account/"]');
  await links.first().waitFor({ timeout: 30_000 });
  const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.split('/')[2] ?? '').filter(Boolean))];
}

async function shootAll(run: Run, page: Page, combo: Combo) {
  const shot = async (name: string, fullPage = false) => {
    await shoot(run, page, `notifications-${name}-${combo.id}`, { fullPage });
    // The toast (shared ToastProvider) is still sliding in when a shot is taken; it is checked elsewhere.
    await checkAccessibility(run, page, `${name} ${combo.id}`, ['#notistack-snackbar']);
  };

  await page.goto('/my-company/notifications');
  await page.getByTestId('webhook-row').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('rule-row').first().waitFor({ timeout: 30_000 });
  await shot('tab', true);

  // An unsaved change, then another page: the leave confirmation (issue 23); Stay keeps the change.
  const reminders = page
    .getByRole('form', { name: /My e-mail notifications|我的電子郵件通知/ })
    .getByRole('switch')
    .first();
  await reminders.click();
  const dashboardLink = page.locator('nav a[href="/dashboard"]').first();
  // At 390 px the navigation is a drawer opened from the header.
  if (!(await dashboardLink.isVisible())) await page.locator('header button').first().click();
  await dashboardLink.click();
  await page.getByRole('dialog').waitFor();
  await shot('leave');
  await page.getByRole('dialog').getByRole('button').first().click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await reminders.click();

  // A rule: its dialog.
  await page.getByTestId('rule-row').nth(1).getByRole('button').first().click();
  await page.getByRole('dialog').waitFor();
  await shot('rule-dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });

  // A new webhook: SPEC §5 messages, then the one-time secret.
  await page.getByRole('button', { name: /Add webhook|新增 Webhook/ }).click();
  const dialog = page.getByRole('dialog');
  const inputs = dialog.locator('input[type="text"], input[type="url"], input:not([type])');
  await inputs.nth(0).fill('Tickets & more');
  await inputs.nth(1).fill('http://10.0.0.8/hook');
  await dialog.locator('textarea').first().fill('{"device": {{device.name}}');
  await dialog.locator('button[type="submit"]').click();
  await dialog.locator('.Mui-error').first().waitFor();
  await shot('webhook-form-errors');
  await inputs.nth(0).fill('Tickets');
  await inputs.nth(1).fill('https://tickets.northwind.example/hooks/portal');
  await dialog.locator('textarea').first().fill('{"device": "{{device.name}}"}');
  await dialog.locator('button[type="submit"]').click();
  await page.getByTestId('webhook-secret').waitFor();
  await shot('secret');

  // The company's webhook limit (issue 23), said in the form.
  await page.goto('/my-company/notifications');
  await page.getByRole('button', { name: /Add webhook|新增 Webhook/ }).click();
  const again = page.getByRole('dialog');
  const fields = again.locator('input[type="text"], input[type="url"], input:not([type])');
  await fields.nth(0).fill('One too many');
  await fields.nth(1).fill('https://chat.northwind.example/hooks/portal');
  await again.locator('button[type="submit"]').click();
  await page.getByTestId('webhook-limit').waitFor();
  await shot('webhook-limit');

  await page.goto('/my-company/notifications/webhooks/wh-tickets');
  await page.getByTestId('delivery-row').first().waitFor({ timeout: 30_000 });
  await shot('webhook', true);

  await page.goto('/my-company/notifications/webhooks/wh-chat');
  await page.getByTestId('delivery-row').first().waitFor({ timeout: 30_000 });
  await shot('webhook-disabled');
}

await runScreenshots(async (run) => {
  const storageState = await signIn(run, 'owner@northwind.example');
  let organizationIds: string[] | undefined;
  await forEachCombo(run, { storageState }, async (page, combo, context) => {
    organizationIds ??= await customerIds(page);
    await fixtures(context, organizationIds);
    await shootAll(run, page, combo);
  });
});
