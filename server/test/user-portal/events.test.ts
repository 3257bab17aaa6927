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

/** Opens the company's event stream (with `?query` when given) and collects its `change` events. */
async function openStream(token: string, query = '') {
  const controller = new AbortController();
  const response = await fetch(`${t.url}/api/user-portal/companies/events${query}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: ChangeEvent[] = [];
  /** Every event's name, in order. */
  const names: string[] = [];
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
          const name = /^event: (.*)$/m.exec(block)?.[1];
          if (name) names.push(name);
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
  return { response, events, names, close };
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

// A screen's data read before its stream opened, or while the stream was down, may have missed changes: the
// stream replays them first (issue 24: no screen refetches everything at each reconnect, every 5 minutes).
describe('GET /api/user-portal/companies/events?replayMs=', { timeout: 120_000 }, () => {
  it('sends what changed in that time as its first event, and nothing when nothing changed', async () => {
    const changed = await buildCustomer(t.app.db, dealer);
    const unchanged = await buildCustomer(t.app.db, dealer);
    await buildDevice(t.app.db, await buildSite(t.app.db, unchanged));
    const camera = await buildDevice(t.app.db, await buildSite(t.app.db, changed));
    const key = await ingestKey(t.app, 'VORTEX');
    // An open screen makes the server listen for changes (and so remember them); once a change reached it,
    // it listens. The replay reaches 10 s further back than asked: wait until that is after it listened.
    const open = await openStream(await companyToken(t.app, dealer));
    await ingest(t.app, key, [report(camera.id, { status: { recordFailed: true } })]);
    await firstEvent(open);
    await sleep(11_000);
    const before = Date.now();
    await ingest(t.app, key, [report(camera.id, { recording: false })]);
    const seen = open.events.length;
    while (open.events.length === seen && Date.now() - before < DEADLINE_MS + MERGE_MS) await sleep(50);
    await open.close();

    const replayMs = Date.now() - before;
    const replayed = await openStream(await companyToken(t.app, dealer), `?replayMs=${replayMs}`);
    const quiet = await openStream(await companyToken(t.app, rival), '?replayMs=0');
    const plain = await openStream(await companyToken(t.app, dealer));
    expect(replayed.response.headers.get('x-change-replay')).toBe('1');
    await firstEvent(replayed);
    // Long enough for any event a stream without changes could wrongly get.
    await sleep(MERGE_MS + 500);
    await Promise.all([replayed.close(), quiet.close(), plain.close()]);
    expect(replayed.events).toHaveLength(1);
    expect(replayed.events[0]?.kinds).toContain('devices');
    expect(replayed.events[0]?.organizationIds).toContain(changed.id);
    expect(replayed.events[0]?.organizationIds).not.toContain(unchanged.id);
    // The replay first, then the word that it is complete; none for a stream that did not ask.
    expect(replayed.names).toEqual(['change', 'replayed']);
    expect(quiet.names).toEqual(['replayed']);
    expect(plain.names).toEqual([]);
  });

  it('takes everything as changed when asked further back than the server remembers', async () => {
    const stream = await openStream(await companyToken(t.app, rival), `?replayMs=${60 * 60_000}`);
    await firstEvent(stream);
    await stream.close();
    expect(stream.events[0]?.kinds.sort()).toEqual(['devices', 'incidents']);
    // No customer named: every customer's.
    expect(stream.events[0]?.organizationIds).toEqual([]);
  });

  it('refuses a replay window that is not a number of milliseconds with 400', async () => {
    const token = await companyToken(t.app, dealer);
    for (const value of ['-1', 'soon', '1.5']) {
      const response = await fetch(`${t.url}/api/user-portal/companies/events?replayMs=${value}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail?: string }).detail).toBeTruthy();
    }
  });
});
