/**
 * Screenshots of My Company → API keys (issue 27 item 4) against a running server, for review: the list (a
 * key that has been used), the create dialog, the key shown once and the revoke confirmation, in light and
 * dark, en and zh-TW, 1440 and 390 px.
 *
 *   npm run build -w web && PORT=8192 DATA_DIR=$(mktemp -d) npm run serve &   # from the repository root
 *   DATA_DIR=… npx tsx web/scripts/api-keys-screenshots.ts [--base http://localhost:8192] [--only en-light-1440]
 *
 * Signs in as the demo dealer's owner, creates one key through the API and calls the partner API with it.
 * The shown-once dialog answers from a stand-in, so the runs add no more keys. PNGs in screenshots/.
 */
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import {
  type Combo,
  comboContext,
  combos,
  type Run,
  runScreenshots,
  SCREENSHOT_OPTIONS,
  type StorageState,
  shoot,
  shotFile,
  signIn,
} from './screenshot-harness.ts';

const { values } = parseArgs({ options: SCREENSHOT_OPTIONS });

const section = (page: Page) => page.getByRole('region', { name: /^(API keys|API 金鑰)$/ });
const createButton = (page: Page) =>
  section(page).getByRole('button', { name: /^(Create API key|建立 API 金鑰)$/ });

type Shot = { name: string; act?: (page: Page) => Promise<void> };
const shots: Shot[] = [
  { name: 'api-keys-list' },
  { name: 'api-keys-create', act: (page) => createButton(page).click() },
  {
    name: 'api-keys-shown-once',
    act: async (page) => {
      await createButton(page).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').first().fill('Monitoring dashboard');
      await dialog.getByRole('button', { name: /^(Create|建立)$/ }).click();
      await page.getByTestId('api-key-value').waitFor();
    },
  },
  {
    name: 'api-keys-revoke',
    act: (page) =>
      section(page)
        .getByRole('button', { name: /^(Revoke|撤銷) / })
        .first()
        .click(),
  },
];

const SAMPLE_KEY = `ppk_${'7Yq3LmZ0aR5tVx9KcB2nWd8Hf4Gj1Ps6Ue'.padEnd(43, 'Q')}`;

function tokenOf(state: StorageState): string {
  const token = state.origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name.endsWith('.idToken'))?.value;
  if (!token) throw new Error('no session in the storage state');
  return token;
}

/** One used key in the list: created with the owner's session, then called as a tool would. */
async function prepareKey(run: Run, state: StorageState): Promise<void> {
  const auth = { authorization: `Bearer ${tokenOf(state)}`, 'content-type': 'application/json' };
  const info = (await (
    await fetch(`${run.base}/api/reseller/v1/companies/info`, { headers: auth })
  ).json()) as {
    id: string;
  };
  const keys = `${run.base}/api/reseller/v1/companies/${info.id}/api-keys`;
  const listed = (await (await fetch(keys, { headers: auth })).json()) as { items: { name: string }[] };
  if (listed.items.some((key) => key.name === 'Ticketing system')) return;
  const res = await fetch(keys, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Ticketing system', scopes: ['read', 'incidents:write'] }),
  });
  const { key } = (await res.json()) as { key: string };
  for (let i = 0; i < 12; i++)
    await fetch(`${run.base}/api/partner/v1/incidents`, { headers: { authorization: `Bearer ${key}` } });
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // the counts are written about once a second
}

async function take(run: Run, state: StorageState, shot: Shot, combo: Combo) {
  const context = await comboContext(run, combo, { storageState: state, pinTheme: false });
  const name = `${shot.name}-${combo.widthFirstId}`;
  try {
    await context.route('**/api/reseller/v1/companies/*/api-keys', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const body = route.request().postDataJSON() as { name: string; scopes: string[] };
      await route.fulfill({
        status: 201,
        json: {
          id: '00000000-0000-4000-8000-000000000001',
          name: body.name,
          scopes: body.scopes,
          createdAt: new Date().toISOString(),
          createdBy: 'Olivia Bennett',
          lastUsedAt: null,
          callsToday: 0,
          key: SAMPLE_KEY,
        },
      });
    });
    const page = await context.newPage();
    try {
      await page.goto('/my-company');
      await page.waitForSelector('main h1');
      await section(page).getByTestId('api-key-row').first().waitFor();
      await section(page).scrollIntoViewIfNeeded();
      await shot.act?.(page);
      await shoot(run, page, name, { pause: 500 });
    } catch (error) {
      await page.screenshot({ path: shotFile(run, `${name}.failed`) }).catch(() => undefined);
      throw error;
    }
  } finally {
    await context.close();
  }
}

await runScreenshots(async (run) => {
  const state = await signIn(run, 'owner@northwind.example');
  await prepareKey(run, state);
  const failed: string[] = [];
  for (const combo of combos(run.only)) {
    for (const shot of shots) {
      await take(run, state, shot, combo)
        .catch(() => take(run, state, shot, combo))
        .catch((error: Error) => {
          console.error(`✗ ${shot.name}-${combo.widthFirstId}: ${error.message.split('\n')[0]}`);
          failed.push(shot.name);
        });
    }
  }
  if (failed.length > 0) {
    console.error(`${failed.length} screenshot(s) failed`);
    process.exitCode = 1;
  }
}, values);
