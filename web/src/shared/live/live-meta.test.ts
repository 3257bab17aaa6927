import { describe, expect, it } from 'vitest';
import { concerns, live } from './live-meta.ts';

describe('which queries a change concerns', () => {
  it('matches on kind', () => {
    expect(concerns(live(['devices']), { kinds: ['devices'], organizationIds: [] })).toBe(true);
    expect(concerns(live(['incidents']), { kinds: ['devices'], organizationIds: ['o1'] })).toBe(false);
    expect(concerns(live(['devices', 'incidents']), { kinds: ['incidents'], organizationIds: ['o1'] })).toBe(
      true,
    );
  });

  it("one customer's query only when that customer changed (or the event names none)", () => {
    expect(concerns(live(['devices'], 'o1'), { kinds: ['devices'], organizationIds: ['o2', 'o1'] })).toBe(
      true,
    );
    expect(concerns(live(['devices'], 'o1'), { kinds: ['devices'], organizationIds: ['o2'] })).toBe(false);
    expect(concerns(live(['devices'], 'o1'), { kinds: ['devices'], organizationIds: [] })).toBe(true);
    // A company-wide query follows every customer.
    expect(concerns(live(['devices']), { kinds: ['devices'], organizationIds: ['o2'] })).toBe(true);
  });
});
