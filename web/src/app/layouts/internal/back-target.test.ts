import { describe, expect, it } from 'vitest';
import { backTarget } from './back-target.ts';

describe('internal layout back target', () => {
  it('goes to the named route of the meta', () => {
    expect(backTarget('ORGANIZATION', { orgId: 'o-1' }, 3)).toBe('/account');
    expect(backTarget('ORGANIZATION_DETAIL.DEVICE', { orgId: 'o-1' }, 0)).toBe('/account/o-1/device');
  });

  it('goes back in history when there is no named target', () => {
    expect(backTarget(undefined, {}, 2)).toBe(-1);
  });

  it('goes home when there is no in-app history to go back to', () => {
    expect(backTarget(undefined, {}, 0)).toBe('/');
    expect(backTarget(undefined, {}, undefined)).toBe('/');
  });
});
