import { execSync } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
}

/** autocannon against one URL: requests per second (mean over the seconds), latency p50/p99 in ms, failures. */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** `uptime`'s load averages, to print beside every figure (the machine is shared). */
export function loadAverage(): string {
  try {
    return execSync('uptime', { encoding: 'utf8' })
      .trim()
      .replace(/^.*load average/, 'load average');
  } catch {
    return 'load average unknown';
  }
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
