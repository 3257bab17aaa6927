import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CHANGE_MEMORY_MS, ChangeHub } from '../../src/edge/change-hub.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';

/** A hub on a fixed clock whose database delivers the notices the test sends. */
async function hubOnFixedClock() {
  let now = 1_000_000;
  let deliver: ((payload: string) => void) | undefined;
  const database = {
    listen: async (_channel: string, onPayload: (payload: string) => void) => {
      deliver = onPayload;
      return async () => {};
    },
  } as unknown as Database;
  const hub = new ChangeHub(database, console as unknown as FastifyBaseLogger, () => now);
  const notice = (company: string, organizations: string[] | null, kinds = ['devices']) =>
    deliver?.(JSON.stringify({ c: company, o: organizations, k: kinds }));
  return {
    hub,
    notice,
    advance: (ms: number) => {
      now += ms;
    },
    /** Starts listening (the first subscriber) and lets the listen settle. */
    listen: async () => {
      const unsubscribe = hub.subscribe('nobody', () => {});
      await new Promise((resolve) => setTimeout(resolve, 0));
      return unsubscribe;
    },
  };
}

describe('the change hub’s memory (on a fixed clock)', () => {
  it('knows nothing before it listens, then every company’s changes in a window, merged', async () => {
    const { hub, notice, advance, listen } = await hubOnFixedClock();
    expect(hub.changesWithin('dealer', 1_000)).toBe('unknown');
    const unsubscribe = await listen();
    unsubscribe(); // it goes on listening, and remembering, without subscribers

    advance(5_000);
    notice('dealer', ['org-1']);
    advance(5_000);
    notice('dealer', ['org-2'], ['incidents']);
    notice('rival', ['org-9']);
    advance(1_000);

    expect(hub.changesWithin('dealer', 2_000)).toEqual({ kinds: ['incidents'], organizationIds: ['org-2'] });
    expect(hub.changesWithin('dealer', 7_000)).toEqual({
      kinds: ['devices', 'incidents'],
      organizationIds: ['org-1', 'org-2'],
    });
    expect(hub.changesWithin('nobody-else', 7_000)).toBe('nothing');
    // Further back than it listened: it cannot tell.
    expect(hub.changesWithin('dealer', 12_000)).toBe('unknown');

    notice('dealer', null);
    expect(hub.changesWithin('dealer', 0)).toEqual({ kinds: ['devices'], organizationIds: null });
  });

  it('forgets what is older than its memory and says so when asked that far back', async () => {
    const { hub, notice, advance, listen } = await hubOnFixedClock();
    await listen();
    notice('dealer', ['org-1']);
    advance(CHANGE_MEMORY_MS + 1);
    expect(hub.changesWithin('dealer', CHANGE_MEMORY_MS + 1)).toBe('unknown');
    notice('dealer', ['org-2']);
    expect(hub.changesWithin('dealer', CHANGE_MEMORY_MS)).toEqual({
      kinds: ['devices'],
      organizationIds: ['org-2'],
    });
  });
});
