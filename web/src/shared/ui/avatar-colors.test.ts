import { describe, expect, it } from 'vitest';
import { AVATAR_COLOR_NAMES, AVATAR_SIZES, avatarColorFor, avatarInitial } from './avatar-colors.ts';

describe('avatar colour rule', () => {
  it('offers the twelve colours of SPEC §3 in order', () => {
    expect(AVATAR_COLOR_NAMES).toEqual([
      'rose',
      'pink',
      'orange',
      'cyan',
      'aquamarine',
      'indigo',
      'yellow',
      'blue',
      'green',
      'gold',
      'lightblue',
      'purple',
    ]);
  });

  it('picks the colour from the first character only', () => {
    expect(avatarColorFor('Olivia Bennett')).toBe(avatarColorFor('Oscar'));
    // 'A' is 65, 65 % 12 = 5 → indigo; 'B' is 66 → yellow.
    expect(avatarColorFor('Alice')).toBe('indigo');
    expect(avatarColorFor('Bob')).toBe('yellow');
    expect(avatarColorFor('  Alice')).toBe('indigo');
  });

  it('handles non-Latin names and empty names', () => {
    expect(AVATAR_COLOR_NAMES).toContain(avatarColorFor('林威辰'));
    expect(AVATAR_COLOR_NAMES).toContain(avatarColorFor('😀 smile'));
    expect(avatarColorFor('')).toBe('rose');
  });

  it('shows the upper-cased first character', () => {
    expect(avatarInitial('marcus')).toBe('M');
    expect(avatarInitial('林威辰')).toBe('林');
    expect(avatarInitial('')).toBe('');
  });

  it('has the sizes of SPEC §9', () => {
    expect(AVATAR_SIZES).toMatchObject({ xs: 20, sm: 28, md: 32, lg: 48 });
  });
});
