import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany } from '../helpers/factories.ts';
import { buildCustomer, buildDevice, buildSite } from '../helpers/platform-factories.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { ingestKey, report } from '../ingest/ingest-helpers.ts';

/**
 * Issue 14 item 14: malformed ingest bodies of every kind are refused with a 4xx naming what is wrong (400;
 * 413 for a body over the 2 MB limit, 415 for a body that is not JSON), never a 5xx, and nothing of the
 * batch is stored: no device changes, no receipt (the batch's good report is applied when sent again).
 */
let t: TestApp;
let key: string;
let keyId: string;
let camera: string;

beforeAll(async () => {
  t = await buildTestApp();
  const site = await buildSite(t.app.db, await buildCustomer(t.app.db, await buildCompany(t.app.db)));
  camera = (await buildDevice(t.app.db, site)).id;
  key = await ingestKey(t.app, 'VORTEX');
  keyId = (
    await t.app.db
      .selectFrom('ingest_keys')
      .select('id')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const post = (body: string | Buffer, contentType: string | null = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/reports',
    headers: { authorization: `Bearer ${key}`, ...(contentType ? { 'content-type': contentType } : {}) },
    payload: body,
  });

const receipts = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('ingest_receipts')
        .select(t.app.db.fn.countAll().as('n'))
        .where('key_id', '=', keyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A good report first, then the bad one: the good one must not be stored either. */
const good = () => report(camera, { connected: false, recording: false });
const batch = (bad: unknown) => JSON.stringify({ reports: [good(), bad] });
/** The good report and a second one written by hand (to put in what JSON.stringify cannot). */
const rawBatch = (badText: string) => `{"reports":[${JSON.stringify(good())},${badText}]}`;
const valid = () => report(camera, { recording: true });
const validText = () => JSON.stringify(valid()).slice(1, -1);

const CASES: {
  name: string;
  body: () => string | Buffer;
  type?: string | null;
  status: number;
  detail: string;
}[] = [
  // Not JSON, or not the JSON of a batch.
  { name: 'truncated JSON', body: () => '{"reports": [', status: 400, detail: 'not valid JSON' },
  {
    name: 'a trailing comma',
    body: () => `${rawBatch(JSON.stringify(valid()))},`,
    status: 400,
    detail: 'JSON',
  },
  { name: 'single quotes', body: () => "{'reports': []}", status: 400, detail: 'not valid JSON' },
  {
    name: 'NaN',
    body: () => rawBatch(`{${validText()},"firmwareUpgradeState":NaN}`),
    status: 400,
    detail: 'JSON',
  },
  { name: 'an empty body', body: () => '', status: 400, detail: 'empty' },
  { name: 'null', body: () => 'null', status: 400, detail: 'body' },
  { name: 'an array', body: () => '[]', status: 400, detail: 'body' },
  { name: 'a string', body: () => '"reports"', status: 400, detail: 'body' },
  { name: 'no reports', body: () => '{}', status: 400, detail: 'reports' },
  {
    name: 'an extra top-level key',
    body: () => `{"reports":[${JSON.stringify(valid())}],"extra":1}`,
    status: 400,
    detail: 'extra',
  },
  // Wrong content type or size.
  {
    name: 'JSON sent as text/plain',
    body: () => batch(valid()),
    type: 'text/plain',
    status: 400,
    detail: 'body',
  },
  {
    name: 'a form',
    body: () => 'reports=1',
    type: 'application/x-www-form-urlencoded',
    status: 415,
    detail: 'Unsupported Media Type',
  },
  {
    name: 'XML',
    body: () => '<reports/>',
    type: 'application/xml',
    status: 415,
    detail: 'Unsupported Media Type',
  },
  {
    name: 'no content type',
    body: () => batch(valid()),
    type: null,
    status: 415,
    detail: 'Unsupported Media Type',
  },
  {
    name: 'a body over 2 MB',
    body: () => rawBatch(`{${validText()},"pad":"${'x'.repeat(2.2 * 1024 * 1024)}"}`),
    status: 413,
    detail: 'too large',
  },
  {
    name: 'more than 1,000 reports',
    body: () => JSON.stringify({ reports: Array.from({ length: 1001 }, valid) }),
    status: 400,
    detail: 'reports',
  },
  // Nested wrong types.
  { name: 'reports an object', body: () => '{"reports":{}}', status: 400, detail: 'reports' },
  { name: 'a null report', body: () => batch(null), status: 400, detail: 'reports.1' },
  { name: 'a string report', body: () => batch('x'), status: 400, detail: 'reports.1' },
  { name: 'an array report', body: () => batch([]), status: 400, detail: 'reports.1' },
  {
    name: 'status an array',
    body: () => batch({ ...valid(), status: [] }),
    status: 400,
    detail: 'reports.1.status',
  },
  {
    name: 'status null',
    body: () => batch({ ...valid(), status: null }),
    status: 400,
    detail: 'reports.1.status',
  },
  {
    name: 'a flag a string',
    body: () => batch({ ...valid(), status: { diskFailed: 'yes' } }),
    status: 400,
    detail: 'reports.1.status.diskFailed',
  },
  {
    name: 'a flag a number',
    body: () => batch({ ...valid(), status: { smartError: 1 } }),
    status: 400,
    detail: 'reports.1.status.smartError',
  },
  {
    name: 'an unknown flag',
    body: () => batch({ ...valid(), status: { diskFull: true } }),
    status: 400,
    detail: 'reports.1.status',
  },
  {
    name: 'firmware state a string',
    body: () => batch({ ...valid(), firmwareUpgradeState: '3' }),
    status: 400,
    detail: 'reports.1.firmwareUpgradeState',
  },
  {
    name: 'firmware state a fraction',
    body: () => batch({ ...valid(), firmwareUpgradeState: 3.5 }),
    status: 400,
    detail: 'reports.1.firmwareUpgradeState',
  },
  {
    name: 'firmware state unknown',
    body: () => batch({ ...valid(), firmwareUpgradeState: 99 }),
    status: 400,
    detail: 'reports.1.firmwareUpgradeState',
  },
  {
    name: 'at a number',
    body: () => batch({ ...valid(), at: 1_700_000_000_000 }),
    status: 400,
    detail: 'reports.1.at',
  },
  {
    name: 'at not a date',
    body: () => batch({ ...valid(), at: '2024-13-45T25:00:00Z' }),
    status: 400,
    detail: 'reports.1.at',
  },
  {
    name: 'at without offset',
    body: () => batch({ ...valid(), at: '2024-01-01T00:00:00' }),
    status: 400,
    detail: 'reports.1.at',
  },
  {
    name: 'at in the future',
    body: () => batch({ ...valid(), at: new Date(Date.now() + 86_400_000).toISOString() }),
    status: 400,
    detail: 'reports.1.at',
  },
  { name: 'id a number', body: () => batch({ ...valid(), id: 123 }), status: 400, detail: 'reports.1.id' },
  { name: 'id empty', body: () => batch({ ...valid(), id: '' }), status: 400, detail: 'reports.1.id' },
  {
    name: 'id too long',
    body: () => batch({ ...valid(), id: 'i'.repeat(129) }),
    status: 400,
    detail: 'reports.1.id',
  },
  { name: 'no id', body: () => batch({ ...valid(), id: undefined }), status: 400, detail: 'reports.1.id' },
  {
    name: 'deviceId null',
    body: () => batch({ ...valid(), deviceId: null }),
    status: 400,
    detail: 'reports.1.deviceId',
  },
  {
    name: 'deviceId too long',
    body: () => batch({ ...valid(), deviceId: 'D'.repeat(65) }),
    status: 400,
    detail: 'reports.1.deviceId',
  },
  {
    name: 'connected null',
    body: () => batch({ ...valid(), connected: null }),
    status: 400,
    detail: 'reports.1.connected',
  },
  {
    name: 'connected a string',
    body: () => batch({ ...valid(), connected: 'true' }),
    status: 400,
    detail: 'reports.1.connected',
  },
  {
    name: 'recording an object',
    body: () => batch({ ...valid(), recording: {} }),
    status: 400,
    detail: 'reports.1.recording',
  },
  {
    name: 'an unknown field',
    body: () => batch({ ...valid(), temperature: 40 }),
    status: 400,
    detail: 'reports.1',
  },
  // Keys given twice (JSON.parse would keep the last), and prototype keys.
  {
    name: 'a flag twice',
    body: () => rawBatch(`{${validText()},"status":{"diskFailed":true,"diskFailed":false}}`),
    status: 400,
    detail: 'reports.1.status.diskFailed: is given twice',
  },
  {
    name: 'a flag twice, once escaped',
    body: () => rawBatch(`{${validText()},"status":{"disk\\u0046ailed":true,"diskFailed":false}}`),
    status: 400,
    detail: 'reports.1.status.diskFailed: is given twice',
  },
  {
    name: 'status twice',
    body: () => rawBatch(`{${validText()},"status":{},"status":{"smartError":true}}`),
    status: 400,
    detail: 'reports.1.status: is given twice',
  },
  {
    name: 'connected twice',
    body: () => rawBatch(`{${validText()},"connected":true,"connected":false}`),
    status: 400,
    detail: 'reports.1.connected: is given twice',
  },
  {
    name: 'reports twice',
    body: () => `{"reports":[],"reports":[${JSON.stringify(valid())}]}`,
    status: 400,
    detail: 'reports: is given twice',
  },
  {
    name: '__proto__',
    body: () => `{"__proto__":{"polluted":true},"reports":[${JSON.stringify(valid())}]}`,
    status: 400,
    detail: '__proto__: is not allowed',
  },
  {
    name: 'constructor in a report',
    body: () => rawBatch(`{${validText()},"constructor":{"prototype":{}}}`),
    status: 400,
    detail: 'reports.1.constructor: is not allowed',
  },
];

describe('malformed ingest bodies', () => {
  it.each(CASES)('$name → $status, nothing stored', async ({ body, type, status, detail }) => {
    const response = await post(body(), type === undefined ? 'application/json' : type);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    expect(response.json().detail).toContain(detail);
    expect(await receipts()).toBe(0);
    const row = await t.app.db
      .selectFrom('devices')
      .select(['online', 'recording'])
      .where('id', '=', camera)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ online: true, recording: true });
  });

  it('never answers 5xx to generated garbage, and a refused batch stores nothing', async () => {
    const anyJson = fc.jsonValue({ maxDepth: 3 });
    const field = fc.constantFrom(
      'id',
      'deviceId',
      'at',
      'connected',
      'recording',
      'firmwareUpgradeState',
      'status',
      'extra',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(field, anyJson), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (changes, asText) => {
          const bad: Record<string, unknown> = { ...valid() };
          for (const [name, value] of changes) bad[name] = value;
          const before = await receipts();
          const response = await post(
            asText ? JSON.stringify({ reports: [good(), bad] }).replace(/}]}$/, ',}]}') : batch(bad),
          );
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          if (response.statusCode !== 202) {
            expect(response.statusCode).toBe(400);
            expect(await receipts()).toBe(before);
          }
        },
      ),
      { numRuns: 150, seed: 20251124 },
    );
  });

  it('applies the good report once it comes in a well-formed batch', async () => {
    const response = await post(JSON.stringify({ reports: [good()] }));
    expect(response.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });
});
