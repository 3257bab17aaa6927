import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttemptLog, type AttemptLogOptions } from '../../src/jobs/webhooks/attempt-log.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function logWith(options: Partial<AttemptLogOptions> & { othersInFlight(): boolean }) {
  const batches: number[][] = [];
  const write = vi.fn(async (batch: number[]) => {
    batches.push(batch);
  });
  const written = vi.fn();
  const failed = vi.fn();
  const log = new AttemptLog<number>(write, {
    flushAt: 3,
    flushAfterMs: 20,
    written,
    failed,
    ...options,
  });
  return { log, batches, write, written, failed };
}

describe('the webhook attempt log', () => {
  it('writes an attempt at once when no other attempt is in flight', async () => {
    const { log, batches, written } = logWith({ othersInFlight: () => false });
    await log.record(1);
    expect(batches).toEqual([[1]]);
    expect(written).toHaveBeenCalledOnce();
  });

  it('gathers what comes within the window while others are in flight, then writes it in one batch', async () => {
    const { log, batches } = logWith({ othersInFlight: () => true });
    const recorded = [log.record(1), log.record(2)];
    await vi.advanceTimersByTimeAsync(19);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(recorded);
    expect(batches).toEqual([[1, 2]]);
  });

  it('writes as soon as a full batch is waiting, without waiting for the window', async () => {
    const { log, batches } = logWith({ othersInFlight: () => true });
    await Promise.all([log.record(1), log.record(2), log.record(3)]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('tries a failed write once more, then rejects the batch (its jobs fail and pg-boss retries them)', async () => {
    const { log, write, failed, written } = logWith({ othersInFlight: () => false });
    write.mockRejectedValueOnce(new Error('deadlock'));
    await log.record(1);
    expect(write).toHaveBeenCalledTimes(2);
    write.mockRejectedValue(new Error('database away'));
    await expect(log.record(2)).rejects.toThrow('database away');
    expect(failed).toHaveBeenCalledWith(expect.any(Error), 1);
    expect(written).toHaveBeenCalledOnce();
  });
});
