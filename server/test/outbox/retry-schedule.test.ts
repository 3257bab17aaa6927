import { describe, expect, it } from 'vitest';
import { afterFailure, RETRY_WINDOW_MS, retryDelayMs } from '../../src/domain/outbox/retry-schedule.ts';

const first = new Date('2026-11-24T10:00:00Z');

describe('the outbox retry schedule', () => {
  it('waits the base, then doubles (5 s, 10 s, 20 s, …)', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(5, attempt))).toEqual([5000, 10_000, 20_000, 40_000]);
  });

  it('schedules the next attempt after the delay, counting from now', () => {
    const now = first.getTime() + 60_000;
    expect(afterFailure({ attempt: 3, firstAttemptAt: first, baseSeconds: 5, now })).toEqual({
      next: 'retry',
      attempt: 4,
      at: new Date(now + 20_000),
    });
  });

  it('gives up when the next attempt would fall more than 24 h after the first', () => {
    const justInside = first.getTime() + RETRY_WINDOW_MS - 5000;
    expect(afterFailure({ attempt: 1, firstAttemptAt: first, baseSeconds: 5, now: justInside }).next).toBe(
      'retry',
    );
    expect(
      afterFailure({ attempt: 1, firstAttemptAt: first, baseSeconds: 5, now: justInside + 1 }).next,
    ).toBe('give-up');
  });

  it('caps the exponent, so a long-lived message never waits an overflowing delay', () => {
    expect(Number.isFinite(retryDelayMs(1, 5000))).toBe(true);
    expect(retryDelayMs(1, 5000)).toBe(retryDelayMs(1, 31));
  });
});
