import { describe, expect, it } from 'vitest';
import { Lanes } from '../../src/jobs/webhooks/lanes.ts';

/** A promise and the function that settles it. */
const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

describe('webhook lanes', () => {
  it('runs at most `size` attempts of one webhook at once; the next waits, in order, for a lane', async () => {
    const lanes = new Lanes(2);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      lanes.run('hook-a', async () => {
        started.push(i);
        await g.opened;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(lanes.waiting).toBe(1);
    gates[1]?.open();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(lanes.waiting).toBe(0);
    gates[0]?.open();
    gates[2]?.open();
    await Promise.all(runs);
  });

  it('keeps webhooks apart: one whose lanes are full does not hold up another', async () => {
    const lanes = new Lanes(1);
    const hang = gate();
    const stuck = lanes.run('slow', () => hang.opened);
    const queued = lanes.run('slow', async () => 'late');
    expect(await lanes.run('fast', async () => 'at once')).toBe('at once');
    expect(lanes.waiting).toBe(1);
    hang.open();
    await stuck;
    expect(await queued).toBe('late');
  });

  it('frees the lane when an attempt throws', async () => {
    const lanes = new Lanes(1);
    await expect(
      lanes.run('hook', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await lanes.run('hook', async () => 'next')).toBe('next');
  });
});
