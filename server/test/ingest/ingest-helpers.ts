import type { Incident, IncidentPage } from '@portal/contracts/incidents';
import type { DeviceReport, IngestPlatform } from '@portal/contracts/ingest';
import type { FastifyInstance } from 'fastify';
import { createIngestKey } from '../../src/domain/ingest/ingest-keys.ts';
import { bearer } from '../helpers/sign-in.ts';

let sequence = 0;
/** A report with a fresh id, at `secondsAgo` before now. */
export function report(deviceId: string, fields: Partial<DeviceReport>, secondsAgo = 0): DeviceReport {
  sequence += 1;
  return {
    id: `r-${Date.now()}-${sequence}`,
    deviceId,
    at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
    ...fields,
  };
}

export async function ingestKey(app: FastifyInstance, platform: IngestPlatform = 'VORTEX') {
  return (await createIngestKey(app.db, platform, `test ${platform} ${sequence++}`)).key;
}

export function ingest(app: FastifyInstance, key: string, reports: unknown[]) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest/v1/reports',
    headers: bearer(key),
    payload: { reports },
  });
}

export async function incidents(
  app: FastifyInstance,
  token: string,
  query = 'state=all',
): Promise<Incident[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/user-portal/companies/incidents?${query}`,
    headers: bearer(token),
  });
  if (response.statusCode !== 200) throw new Error(`incidents: ${response.statusCode} ${response.body}`);
  return (response.json() as IncidentPage).items;
}

/** Polls until `check` returns something truthy (the job queue works in the background). */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 8000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
