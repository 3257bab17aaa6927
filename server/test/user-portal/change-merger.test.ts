import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyChange } from '../../src/edge/change-hub.ts';
import { createChangeMerger } from '../../src/services/user-portal/change-merger.ts';

afterEach(() => vi.useRealTimers());

describe('a stream’s change merger (on a fake clock)', () => {
  it('sends the changes of one window as one, and a later change in a window of its own', () => {
    vi.useFakeTimers();
    const sent: CompanyChange[] = [];
    const merger = createChangeMerger(1000, (change) => sent.push(change));

    merger.add({ kinds: ['devices'], organizationIds: ['org-1'] });
    vi.advanceTimersByTime(999);
    merger.add({ kinds: ['incidents'], organizationIds: ['org-2'] });
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ kinds: ['devices', 'incidents'], organizationIds: ['org-1', 'org-2'] }]);

    merger.add({ kinds: ['devices'], organizationIds: ['org-1'] });
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
  });

  it('a change of any customer makes the merged one any customer’s', () => {
    vi.useFakeTimers();
    const sent: CompanyChange[] = [];
    const merger = createChangeMerger(1000, (change) => sent.push(change));
    merger.add({ kinds: ['devices'], organizationIds: ['org-1'] });
    merger.add({ kinds: ['devices'], organizationIds: null });
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([{ kinds: ['devices'], organizationIds: null }]);
  });

  it('sends nothing once disposed (the stream ended)', () => {
    vi.useFakeTimers();
    const sent: CompanyChange[] = [];
    const merger = createChangeMerger(1000, (change) => sent.push(change));
    merger.add({ kinds: ['devices'], organizationIds: [] });
    merger.dispose();
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([]);
  });
});
