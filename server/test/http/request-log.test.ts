import type { FastifyInstance } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/infrastructure/config/config.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { TERMINAL_LOG_OPTIONS } from '../../src/infrastructure/http/terminal-log.ts';
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

  it('prints a request as one line in a terminal (pino-pretty with the terminal options)', async () => {
    await app.inject('/api/config?token=secret-value&lang=en');
    const pretty = prettyFactory({ ...TERMINAL_LOG_OPTIONS, colorize: false });
    const printed = lines.map((line) => pretty(line)).join('');
    expect(printed.trimEnd().split('\n')).toHaveLength(1);
    expect(printed).toMatch(
      /INFO.*: GET \/api\/config\?token=\[redacted\]&lang=en 200 [\d.]+ ms 127\.0\.0\.1 · request completed/,
    );
    expect(printed).not.toContain('secret-value');
  });

  it('prints other lines on one line too, their fields after the message', () => {
    const pretty = prettyFactory({ ...TERMINAL_LOG_OPTIONS, colorize: false });
    const printed = pretty({
      level: 30,
      time: 0,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      checked: 3,
      opened: { offline: 1 },
      msg: 'license incidents checked',
    });
    expect(printed.trimEnd().split('\n')).toHaveLength(1);
    expect(printed).toMatch(/INFO.*: license incidents checked \{"checked":3,"opened":\{"offline":1\}\}$/m);
  });
});
