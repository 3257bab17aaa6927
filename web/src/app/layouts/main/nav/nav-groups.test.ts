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

  it("opens each item's page: a route item's target is its route's path", () => {
    const targets = visibleNavGroups('dealer').flatMap((group) => group.items.map((item) => item.target));
    expect(targets).toEqual([
      { kind: 'route', path: '/dashboard' },
      { kind: 'route', path: '/account' },
      { kind: 'route', path: '/incidents' },
      { kind: 'route', path: '/my-company' },
      { kind: 'external', link: 'RESELLER_PORTAL' },
    ]);
  });
});
