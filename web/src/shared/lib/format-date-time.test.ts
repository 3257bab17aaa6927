import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

describe('formatDateTime', () => {
  it('shows a timestamp as yy/mm/dd HH:mm in local time', () => {
    // Built in local time, so the expectation holds in any time zone.
    expect(formatDateTime(new Date(2025, 2, 7, 9, 5, 42).toISOString())).toBe('25/03/07 09:05');
    expect(formatDateTime(new Date(2031, 11, 31, 23, 59).toISOString())).toBe('31/12/31 23:59');
  });

  it('shows a dash when there is no time and unknown text unchanged', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
