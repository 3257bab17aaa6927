import { percentile } from './load.ts';

export interface Timing {
  p50: number;
  p99: number;
  runs: number;
}

/** Runs `task` one at a time until at least `minRuns` runs and `seconds` have passed; p50/p99 in ms. */
export async function timeRuns(
  task: () => Promise<void>,
  options: { minRuns: number; seconds: number },
): Promise<Timing> {
  const samples: number[] = [];
  const until = performance.now() + options.seconds * 1000;
  while (samples.length < options.minRuns || performance.now() < until) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), runs: samples.length };
}

/** GET that fails loudly on a non-2xx answer and reads the whole body (what a client waits for). */
export async function getOk(url: string, token: string): Promise<void> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
}
