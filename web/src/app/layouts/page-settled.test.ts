import { describe, expect, it, vi } from 'vitest';
import { type PageSettledDeps, SETTLE_IDLE_TIMEOUT_MS, whenPageSettled } from './page-settled.ts';

/** A page whose `load` event and idle callbacks the test fires itself. */
function fakePage(readyState: DocumentReadyState) {
  const listeners = new Set<() => void>();
  const idle: { callback: () => void; timeout: number | undefined }[] = [];
  const deps: PageSettledDeps = {
    document: { readyState },
    window: {
      addEventListener: ((_type: string, listener: () => void) => listeners.add(listener)) as never,
      removeEventListener: ((_type: string, listener: () => void) => listeners.delete(listener)) as never,
      requestIdleCallback: (callback, options) => idle.push({ callback, timeout: options?.timeout }),
      cancelIdleCallback: (handle) => idle.splice(handle - 1, 1),
    },
  };
  return {
    deps,
    idle,
    load: () => {
      for (const listener of listeners) listener();
      listeners.clear();
    },
  };
}

describe('whenPageSettled (issue 24: the change stream opens after the page has loaded)', () => {
  it('waits for the load event, then for an idle moment', () => {
    const page = fakePage('interactive');
    const settled = vi.fn();
    whenPageSettled(settled, page.deps);
    expect(page.idle).toHaveLength(0);
    page.load();
    expect(settled).not.toHaveBeenCalled();
    expect(page.idle).toEqual([{ callback: settled, timeout: SETTLE_IDLE_TIMEOUT_MS }]);
    page.idle[0]!.callback();
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('waits only for an idle moment when the page has already loaded (a sign-in inside the app)', () => {
    const page = fakePage('complete');
    const settled = vi.fn();
    whenPageSettled(settled, page.deps);
    expect(page.idle).toHaveLength(1);
    expect(settled).not.toHaveBeenCalled();
  });

  it('never calls back once cancelled', () => {
    const page = fakePage('loading');
    const settled = vi.fn();
    whenPageSettled(settled, page.deps)();
    page.load();
    expect(page.idle).toHaveLength(0);
    expect(settled).not.toHaveBeenCalled();
  });

  it('falls back to a zero timeout without requestIdleCallback', async () => {
    vi.useFakeTimers();
    try {
      const page = fakePage('complete');
      delete page.deps.window.requestIdleCallback;
      const settled = vi.fn();
      whenPageSettled(settled, page.deps);
      expect(settled).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(settled).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
