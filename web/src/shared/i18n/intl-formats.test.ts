import { describe, expect, it } from 'vitest';
import { numberFormat, relativeTimeFormat } from './intl-formats.ts';

describe('Intl formatters', () => {
  it('are built once per language and kept', () => {
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(relativeTimeFormat('zh-TW')).toBe(relativeTimeFormat('zh-TW'));
    expect(numberFormat('en')).not.toBe(numberFormat('zh-TW'));
  });

  it('write numbers and relative times in their language', () => {
    expect(numberFormat('en').format(1234)).toBe('1,234');
    expect(relativeTimeFormat('en').format(-1, 'day')).toBe('yesterday');
    expect(relativeTimeFormat('zh-TW').format(-3, 'day')).toBe('3 天前');
  });
});
