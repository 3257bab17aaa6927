/**
 * The load's HTTP client, as the portal's clients behave behind the balancer: a read or an ingest batch
 * answered 503 with a short Retry-After (a process draining, or none up for a moment) is sent again after
 * it, as the web app does for reads (api-client.ts) and a platform does for a batch (its report ids make a
 * replay harmless). Any other write answered 503 is a failure: the user would see it. Every call is counted;
 * an answer that is not the expected one after that is a failure the client saw.
 */

/** Longest Retry-After the client waits for, and how many times it asks again. */
const MAX_RETRY_AFTER_SECONDS = 5;
const MAX_RETRIES = 3;

interface Tally {
  requests: number;
  latencies: number[];
}

export class Recorder {
  readonly byOperation = new Map<string, Tally>();
  readonly failures: string[] = [];
  /** Reads and ingest batches answered 503 + Retry-After that the client asked again (once per retry). */
  retriedAfter503 = 0;
  readonly statuses = new Map<number, number>();

  record(operation: string, status: number, ms: number): void {
    const tally = this.byOperation.get(operation) ?? { requests: 0, latencies: [] };
    this.byOperation.set(operation, tally);
    tally.requests += 1;
    tally.latencies.push(ms);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  fail(operation: string, what: string): void {
    this.failures.push(`${operation}: ${what}`);
  }

  get requests(): number {
    let total = 0;
    for (const tally of this.byOperation.values()) total += tally.requests;
    return total;
  }

  latencies(): number[] {
    return [...this.byOperation.values()].flatMap((tally) => tally.latencies);
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One call as the client sees it (its retries after 503 + Retry-After included in the latency). Returns the
 * response and its body text when the status is `expected`; records a failure and returns undefined else.
 */
export async function call(
  recorder: Recorder,
  operation: string,
  url: string,
  init: RequestInit,
  expected: number,
): Promise<{ status: number; text: string } | undefined> {
  const retriesAfter503 = (init.method ?? 'GET') === 'GET' || url.endsWith('/api/ingest/v1/reports');
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      status = response.status;
      text = await response.text();
      const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
      const brief = Number.isFinite(retryAfter) && retryAfter <= MAX_RETRY_AFTER_SECONDS;
      if (status !== 503 || !brief || !retriesAfter503 || attempt >= MAX_RETRIES) break;
      recorder.retriedAfter503 += 1;
      await sleep(retryAfter * 1000);
    }
  } catch (error) {
    recorder.record(operation, 0, performance.now() - started);
    recorder.fail(operation, `network: ${(error as Error).message}`);
    return undefined;
  }
  recorder.record(operation, status, performance.now() - started);
  if (status !== expected) {
    recorder.fail(operation, `${status} ${text.slice(0, 200)}`);
    return undefined;
  }
  return { status, text };
}
