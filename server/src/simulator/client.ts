import {
  type DeviceReport,
  INGEST_DEVICE_PAGE_MAX,
  INGEST_PREFIX,
  type IngestDevice,
  type IngestDevicePage,
  type IngestResult,
} from '@portal/contracts/ingest';

/** The ingest API of a running portal, as a platform uses it: one key per platform. */

/** Every device the key reports for (`GET /api/ingest/v1/devices`, page by page). */
export async function fetchPlatformDevices(url: string, key: string): Promise<IngestDevice[]> {
  const devices: IngestDevice[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(INGEST_DEVICE_PAGE_MAX) });
    if (cursor) query.set('cursor', cursor);
    const res = await fetch(`${url}${INGEST_PREFIX}/v1/devices?${query}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    if (!res.ok) throw new Error(`GET ${INGEST_PREFIX}/v1/devices: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as IngestDevicePage;
    devices.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return devices;
}

export type BatchOutcome =
  | { ok: true; result: IngestResult; attempts: number }
  | { ok: false; reason: string; attempts: number };

export interface PostOptions {
  /** Attempts in all (a platform retries a batch it got no answer for: same ids, so no double counting). */
  attempts?: number;
  /** Pause before the first retry, doubled after each. */
  retryDelayMs?: number;
  /** Called on each failed attempt (an answer other than 202/400, or no answer). */
  onError?: (reason: string) => void;
  /** Asked before each retry: true gives the batch up (the run is being dropped). */
  giveUp?: () => boolean;
}

/** POSTs one batch; retries on no answer, 429 and 5xx. A 400 is not retried (the batch is wrong). */
export async function postBatch(
  url: string,
  key: string,
  reports: readonly DeviceReport[],
  options: PostOptions = {},
): Promise<BatchOutcome> {
  const attempts = options.attempts ?? 4;
  let delay = options.retryDelayMs ?? 1000;
  let reason = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const res = await fetch(`${url}${INGEST_PREFIX}/v1/reports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reports }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (res.status === 202)
        return { ok: true, result: JSON.parse(text) as IngestResult, attempts: attempt };
      reason = `${res.status} ${text.slice(0, 200)}`;
      if (res.status === 400 || res.status === 401) {
        options.onError?.(reason);
        return { ok: false, reason, attempts: attempt };
      }
    } catch (error) {
      reason = (error as Error).message;
    }
    options.onError?.(reason);
    if (options.giveUp?.()) return { ok: false, reason, attempts: attempt };
    if (attempt < attempts) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
  }
  return { ok: false, reason, attempts };
}
