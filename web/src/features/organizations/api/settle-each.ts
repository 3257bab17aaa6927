export interface Settled<K, T> {
  values: T[];
  /** The keys whose request was rejected, with the reason. */
  failures: { key: K; reason: unknown }[];
}

/**
 * Runs `load` for every key, at most `concurrency` at a time, and keeps going when some fail
 * (SPEC §8: multi-request loads tolerate partial failures and report them). Values keep the keys' order.
 */
export async function settleEach<K, T>(
  keys: readonly K[],
  load: (key: K) => Promise<T>,
  concurrency = 6,
): Promise<Settled<K, T>> {
  const results: ({ ok: true; value: T } | { ok: false; reason: unknown })[] = new Array(keys.length);
  let next = 0;
  async function worker() {
    while (next < keys.length) {
      const index = next;
      next += 1;
      try {
        results[index] = { ok: true, value: await load(keys[index] as K) };
      } catch (reason) {
        if (reason instanceof DOMException && reason.name === 'AbortError') throw reason;
        results[index] = { ok: false, reason };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  const settled: Settled<K, T> = { values: [], failures: [] };
  results.forEach((result, index) => {
    if (result.ok) settled.values.push(result.value);
    else settled.failures.push({ key: keys[index] as K, reason: result.reason });
  });
  return settled;
}
