import { describe, expect, it, vi } from 'vitest';
import { followCursor } from './follow-cursor.ts';
import { settleEach } from './settle-each.ts';

describe('followCursor', () => {
  it('follows next_cursor until it is empty and keeps the order', async () => {
    const pages: Record<string, { items: number[]; next_cursor: string | null }> = {
      start: { items: [1, 2], next_cursor: 'c1' },
      c1: { items: [3], next_cursor: 'c2' },
      c2: { items: [4], next_cursor: null },
    };
    const fetchPage = vi.fn(async (cursor: string | undefined) => pages[cursor ?? 'start']!);
    await expect(followCursor(fetchPage)).resolves.toEqual([1, 2, 3, 4]);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, 'c1', 'c2']);
  });

  it('treats an empty-string cursor as the end', async () => {
    await expect(followCursor(async () => ({ items: ['a'], next_cursor: '' }))).resolves.toEqual(['a']);
  });

  it('fails when a page fails', async () => {
    const fetchPage = async (cursor: string | undefined) => {
      if (cursor) throw new Error('page 2 failed');
      return { items: [1], next_cursor: 'c1' };
    };
    await expect(followCursor(fetchPage)).rejects.toThrow('page 2 failed');
  });
});

describe('settleEach', () => {
  it('keeps the values that loaded and reports the keys that failed', async () => {
    const result = await settleEach(
      ['s1', 's2', 's3', 's4'],
      async (site) => {
        if (site === 's2') throw new Error('boom');
        return `${site}-devices`;
      },
      2,
    );
    expect(result.values).toEqual(['s1-devices', 's3-devices', 's4-devices']);
    expect(result.failures.map((failure) => failure.key)).toEqual(['s2']);
  });

  it('never runs more than the given number at once', async () => {
    let running = 0;
    let peak = 0;
    await settleEach(
      Array.from({ length: 10 }, (_, i) => i),
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
      },
      3,
    );
    expect(peak).toBe(3);
  });

  it('handles no keys', async () => {
    await expect(settleEach([], async () => 1)).resolves.toEqual({ values: [], failures: [] });
  });
});
