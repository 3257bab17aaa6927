import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.database.close());

it('finishes in-flight requests and takes no new ones while closing', async () => {
  const { buildApp } = await import('../../src/app.ts');
  const app = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    webDist: '/nonexistent',
  });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/api/slow', async () => {
    await gate;
    return { done: true };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const inFlight = fetch(`${address}/api/slow`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closing = app.close();
  await new Promise((resolve) => setTimeout(resolve, 20));
  // No new connections are taken (a connection still open would get a 503 instead).
  expect(app.server.listening).toBe(false);
  release();
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ done: true });
  await closing;
});
