import { describe, expect, it } from 'vitest';
import { drainAll } from '../../src/jobs/outbox/intake.ts';

describe('outbox intake', () => {
  it('takes batch after batch while they are full, and stops after the first one that is not', async () => {
    const passes = [1000, 1000, 400, 1000];
    let calls = 0;
    await drainAll({ batch: 1000, take: async () => passes[calls++] ?? 0 });
    expect(calls).toBe(3);
  });
});
