import { describe, expect, it } from 'vitest';
import { visibleNavGroups } from './nav-groups.ts';

const ids = (groups: ReturnType<typeof visibleNavGroups>) =>
  groups.map((g) => [g.id, g.items.map((i) => i.id)]);

describe('left navigation', () => {
  it('shows Works to dealers', () => {
    expect(ids(visibleNavGroups('dealer'))).toEqual([
      ['works', ['DASHBOARD', 'ORGANIZATION', 'INCIDENTS']],
      ['my-organization', ['COMPANY']],
      ['supports', ['RESELLER_PORTAL']],
    ]);
  });

  it('shows the roles above dealers their partners instead of the dealer-only pages', () => {
    expect(ids(visibleNavGroups('disty'))).toEqual([
      ['works', ['PARTNERS']],
      ['my-organization', ['COMPANY']],
      ['supports', ['RESELLER_PORTAL']],
    ]);
  });
});
