import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { buildCompany } from '../helpers/factories.ts';
import { companyToken } from '../helpers/platform-factories.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 26 item 6 (decision 0028): what SIGTERM does, step by step, on the app itself (`shutdown.begin()` is
 * the drain main.ts starts on SIGTERM, `close()` what follows). The process as a whole:
 * faults/shutdown-process.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A second app on the test's database: each test shuts one down, which cannot be undone. */
async function freshApp(): Promise<FastifyInstance> {
  return buildApp({ config: t.config, database: t.database, logger: false, webDist: '/nonexistent' });
}

/** A route that answers when the test says, and says when it has begun. */
function gatedRoute(app: FastifyInstance) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered!: () => void;
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  app.get('/api/slow', async () => {
    entered();
    await gate;
    return { done: true };
  });
  return { started, release };
}

describe('graceful shutdown', { timeout: 60_000 }, () => {
  it('answers /readyz 503 with Retry-After as soon as the drain begins, and still serves the rest', async () => {
    const app = await freshApp();
    try {
      await app.ready();
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      app.shutdown.begin();
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('1');
      // Served while the balancer notices, each closing its connection so the next one goes elsewhere.
      const live = await app.inject('/healthz');
      expect(live.statusCode).toBe(200);
      expect(live.headers.connection).toBe('close');
    } finally {
      await app.close();
    }
  });

  it('finishes a request in flight, refuses new ones with 503 + Retry-After, stops the jobs after it', async () => {
    const app = await freshApp();
    const slow = gatedRoute(app);
    const stopJobs = vi.spyOn(app.background, 'stop');
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/slow`);
    await slow.started;
    const closing = app.close();
    await vi.waitFor(() => expect(app.shutdown.closing).toBe(true), { timeout: 30_000 });

    const refused = await fetch(`${address}/healthz`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ extraType: 'UNAVAILABLE' });
    // The job queue keeps its workers until the requests in flight are answered (an ingest batch asks it
    // for an engine pass).
    expect(stopJobs).not.toHaveBeenCalled();

    slow.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    expect(app.server.listening).toBe(false);
    expect(stopJobs).toHaveBeenCalledTimes(1);
    // With the time left of SHUTDOWN_SECONDS (20 s) for its jobs to finish.
    const graceMs = stopJobs.mock.calls[0]?.[0] ?? 0;
    expect(graceMs).toBeGreaterThan(0);
    expect(graceMs).toBeLessThan(20_000);
  });

  it('tells each open event stream to reconnect, ends it, and refuses new streams with 503 + Retry-After', async () => {
    const app = await freshApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const dealer = await buildCompany(app.db);
      const token = await companyToken(app, dealer);
      const open = () =>
        fetch(`${address}/api/user-portal/companies/events`, {
          headers: { authorization: `Bearer ${token}` },
        });
      const stream = await open();
      expect(stream.status).toBe(200);
      const body = stream.body?.getReader();
      const decoder = new TextDecoder();
      let text = '';
      // The greeting first, so the drain below cannot come before the stream is registered.
      while (!text.includes(': connected')) {
        const chunk = await body?.read();
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }

      app.shutdown.begin();
      for (;;) {
        const chunk = await body?.read();
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      // The stream ended (the loop above returned) after saying when to come back.
      const farewell = /event: reconnect\nretry: (\d+)\ndata: \{\}\n\n$/.exec(text);
      expect(farewell, text).not.toBeNull();
      expect(Number(farewell?.[1])).toBeLessThan(1000);

      const again = await open();
      expect(again.status).toBe(503);
      expect(again.headers.get('retry-after')).toBe('1');
      expect(await again.json()).toMatchObject({ extraType: 'UNAVAILABLE' });
    } finally {
      await app.close();
    }
  });
});
