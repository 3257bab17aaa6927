import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/** The request log at the default level: one JSON line per request, written when the response is done. */

const lines: Record<string, unknown>[] = [];
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'info' }),
    database,
    webDist: '/nonexistent',
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(() => {
  lines.length = 0;
});

describe('request log', () => {
  it('writes one line per request with method, redacted URL, client, status and response time', async () => {
    const res = await app.inject('/api/config?token=secret-value&lang=en');
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/config?token=[redacted]&lang=en', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(lines[0]?.responseTime).toEqual(expect.any(Number));
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });

  it('logs a refused call the same way, with its status', async () => {
    const res = await app.inject({
      url: '/api/reseller/v1/me',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(401);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/reseller/v1/me' },
      res: { statusCode: 401 },
    });
    expect(JSON.stringify(lines)).not.toContain('not-a-token');
  });
});
