import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('shows a calendar date as yy/mm/dd', () => {
    expect(formatDate('2025-03-07')).toBe('25/03/07');
    expect(formatDate('2031-12-31')).toBe('31/12/31');
  });

  it('keeps the calendar day of a timestamp whatever the time zone', () => {
    expect(formatDate('2025-01-01T23:30:00.000Z')).toBe('25/01/01');
  });

  it('shows a dash when there is no date and unknown text unchanged', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('soon')).toBe('soon');
  });
});
