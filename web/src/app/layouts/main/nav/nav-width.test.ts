import { describe, expect, it } from 'vitest';
import { clampNavWidth, NAV_SNAP_THRESHOLD, navWidthOf, snapNavWidth } from './nav-width.ts';

describe('navigation splitter', () => {
  it('snaps to the rail below half of the full width (120 px)', () => {
    expect(NAV_SNAP_THRESHOLD).toBe(120);
    expect(snapNavWidth(64)).toBe('rail');
    expect(snapNavWidth(119)).toBe('rail');
    expect(snapNavWidth(119.9)).toBe('rail');
  });

  it('settles at full width from half the full width up', () => {
    expect(snapNavWidth(120)).toBe('full');
    expect(snapNavWidth(200)).toBe('full');
    expect(snapNavWidth(240)).toBe('full');
  });

  it('keeps the dragged width between the rail and the full width', () => {
    expect(clampNavWidth(-20)).toBe(64);
    expect(clampNavWidth(30)).toBe(64);
    expect(clampNavWidth(150.4)).toBe(150);
    expect(clampNavWidth(600)).toBe(240);
  });

  it('maps states to 64 and 240 px', () => {
    expect(navWidthOf('rail')).toBe(64);
    expect(navWidthOf('full')).toBe(240);
  });
});
