import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADED_MACHINE } from '@/test/loaded-machine.ts';
import { createLiveInvalidator } from './live-invalidator.ts';
import { live } from './live-meta.ts';

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const calls: Record<string, number> = {};
  const observe = (name: string, meta: ReturnType<typeof live> | undefined, delayMs = 0) => {
    calls[name] = 0;
    const observer = new QueryObserver(client, {
      queryKey: [name],
      queryFn: async () => {
        calls[name] = (calls[name] ?? 0) + 1;
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return calls[name];
      },
      meta: meta ? { live: meta } : {},
    });
    const unsubscribe = observer.subscribe(() => undefined);
    return unsubscribe;
  };
  const invalidator = createLiveInvalidator(client, { delayMs: 5, isHidden: () => false });
  return { client, calls, observe, invalidator };
}

afterEach(() => vi.useRealTimers());

describe('live invalidator', () => {
  it('refetches the queries a change concerns, once for a burst of events', async () => {
    const { calls, observe, invalidator } = setup();
    observe('dashboard', live(['devices', 'incidents']));
    observe('org-1 devices', live(['devices'], 'org-1'));
    observe('org-2 devices', live(['devices'], 'org-2'));
    observe('incidents', live(['incidents']));
    observe('license catalogue', undefined);
    await vi.waitFor(
      () => expect(Object.values(calls).every((count) => count === 1)).toBe(true),
      LOADED_MACHINE,
    );

    invalidator.change({ kinds: ['devices'], organizationIds: ['org-1'] });
    invalidator.change({ kinds: ['devices'], organizationIds: ['org-1'] });
    await vi.waitFor(() => expect(calls['org-1 devices']).toBe(2), LOADED_MACHINE);
    expect(calls).toEqual({
      dashboard: 2,
      'org-1 devices': 2,
      'org-2 devices': 1,
      incidents: 1,
      'license catalogue': 1,
    });
    invalidator.dispose();
  });

  it('does not cancel a fetch under way but refetches once more when it ends', async () => {
    const { client, calls, observe, invalidator } = setup();
    observe('devices', live(['devices']), 50);
    await vi.waitFor(() => expect(calls.devices).toBe(1), LOADED_MACHINE);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0), LOADED_MACHINE);
    invalidator.change({ kinds: ['devices'], organizationIds: [] });
    await vi.waitFor(() => expect(calls.devices).toBe(2), LOADED_MACHINE);
    // A second change while the refetch is under way.
    invalidator.change({ kinds: ['devices'], organizationIds: [] });
    await vi.waitFor(() => expect(calls.devices).toBe(3), LOADED_MACHINE);
    await vi.waitFor(() => expect(client.getQueryData(['devices'])).toBe(3), LOADED_MACHINE);
    invalidator.dispose();
  });

  it('with its default window, refetches within 5 s of a change (on a fake clock)', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    let fetches = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['dashboard'],
      queryFn: async () => ++fetches,
      meta: { live: live(['devices']) },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);
    const invalidator = createLiveInvalidator(client, { isHidden: () => false });

    invalidator.change({ kinds: ['devices'], organizationIds: [] });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetches).toBe(2);
    invalidator.dispose();
    unsubscribe();
  });
});
