import type { ChangeEvent } from '@portal/contracts/incidents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCompany, buildCompany } from '../helpers/factories.ts';
import {
  type BuiltCustomer,
  buildCustomer,
  buildDevice,
  buildSite,
  companyToken,
} from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { ingest, ingestKey, report } from '../ingest/ingest-helpers.ts';

let t: TestApp;
let dealer: BuiltCompany;
let rival: BuiltCompany;
let customer: BuiltCustomer;

/**
 * Changes within this window are one event. Longer than the product's 1 s so that two batches ingested
 * one after the other land in one window on a loaded machine too (1 s split them at load 20). The
 * window itself, to the millisecond, is proven on a fake clock in change-merger.test.ts.
 */
const MERGE_MS = 5000;
/** How long to wait for an event that is due: generous, a loaded machine is slow, not broken. */
const DEADLINE_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function firstEvent(stream: { events: ChangeEvent[] }) {
  const started = Date.now();
  while (stream.events.length === 0 && Date.now() - started < DEADLINE_MS + MERGE_MS) await sleep(50);
}

beforeAll(async () => {
  t = await buildTestApp({ EVENT_STREAM_MERGE_MS: String(MERGE_MS) }, { listen: true });
  dealer = await buildCompany(t.app.db);
  rival = await buildCompany(t.app.db);
  customer = await buildCustomer(t.app.db, dealer);
});
afterAll(() => t.close());

/** Opens the company's event stream and collects its `change` events. */
async function openStream(token: string) {
  const controller = new AbortController();
  const response = await fetch(`${t.url}/api/user-portal/companies/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: ChangeEvent[] = [];
  const done = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (/^event: change$/m.test(block) && data) events.push(JSON.parse(data) as ChangeEvent);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  const close = async () => {
    controller.abort();
    await done;
  };
  return { response, events, close };
}

describe('GET /api/user-portal/companies/events', { timeout: 120_000 }, () => {
  it('refuses a missing token with 401', async () => {
    const response = await fetch(`${t.url}/api/user-portal/companies/events`);
    expect(response.status).toBe(401);
  });

  it('tells the company’s open screens that a device changed, and no other company', async () => {
    const site = await buildSite(t.app.db, customer);
    const camera = await buildDevice(t.app.db, site);
    const mine = await openStream(await companyToken(t.app, dealer));
    const theirs = await openStream(await companyToken(t.app, rival));
    expect(mine.response.headers.get('content-type')).toContain('text/event-stream');
    const key = await ingestKey(t.app, 'VORTEX');
    await ingest(t.app, key, [report(camera.id, { recording: false })]);
    await ingest(t.app, key, [report(camera.id, { status: { recordFailed: true } })]);
    await firstEvent(mine);
    // Long enough for a second event, had the batches been split.
    await sleep(MERGE_MS + 500);
    await mine.close();
    await theirs.close();
    // Two batches within the window are one event: the screens refetch once.
    expect(mine.events).toHaveLength(1);
    expect(mine.events[0]?.kinds.sort()).toEqual(['devices', 'incidents']);
    expect(mine.events[0]?.organizationIds).toEqual([customer.id]);
    expect(theirs.events).toEqual([]);
  });

  it('follows a dealer for a distributor viewing it read-only (issue 16), and refuses a stranger’s view', async () => {
    const disty = await buildCompany(t.app.db, { roles: ['disty'] });
    const viewed = await buildCompany(t.app.db, { parentCompanyId: disty.id });
    const site = await buildSite(t.app.db, await buildCustomer(t.app.db, viewed));
    const camera = await buildDevice(t.app.db, site);
    const session = (await signIn(t.app, disty.owner.email, disty.owner.password)).idToken;
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/reseller/auth/vortextoken',
      headers: bearer(session),
      payload: { companyId: viewed.id },
    });
    expect(view.statusCode).toBe(200);
    const stream = await openStream(view.json<{ token: string }>().token);
    expect(stream.response.status).toBe(200);
    const key = await ingestKey(t.app, 'VORTEX');
    await ingest(t.app, key, [report(camera.id, { status: { recordFailed: true } })]);
    await firstEvent(stream);
    await stream.close();
    expect(stream.events[0]?.kinds).toContain('incidents');

    // A dealer outside the distributor's hierarchy: no token, so no stream.
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/reseller/auth/vortextoken',
      headers: bearer(session),
      payload: { companyId: rival.id },
    });
    expect([403, 404]).toContain(stranger.statusCode);
  });
});
