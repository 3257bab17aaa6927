import { describe, expect, it } from 'vitest';
import { N, pad } from '../../src/identity/srp/srp-math.ts';
import { formatSrpTimestamp, parseSrpTimestamp } from '../../src/identity/srp/timestamp.ts';

describe('SRP encodings (COGNITO.md §6.1)', () => {
  it('pads like Java BigInteger.toByteArray', () => {
    expect(N.toString(16)).toMatch(/^f{16}c90fdaa22168c234/);
    expect(pad(N)).toHaveLength(385);
    expect(pad(N)[0]).toBe(0);
    expect(pad(2n).toString('hex')).toBe('02');
    expect(pad(0x8cn).toString('hex')).toBe('008c');
    expect(pad(0x123n).toString('hex')).toBe('0123');
  });

  it('formats and parses TIMESTAMP with an unpadded day and a checked weekday', () => {
    const date = new Date(Date.UTC(2025, 7, 5, 9, 3, 7));
    expect(formatSrpTimestamp(date)).toBe('Tue Aug 5 09:03:07 UTC 2025');
    expect(parseSrpTimestamp('Tue Aug 5 09:03:07 UTC 2025')?.getTime()).toBe(date.getTime());
    expect(parseSrpTimestamp('Tue Aug 05 09:03:07 UTC 2025')).toBeUndefined();
    expect(parseSrpTimestamp('Wed Aug 5 09:03:07 UTC 2025')).toBeUndefined();
    expect(parseSrpTimestamp('Sat Feb 30 09:03:07 UTC 2025')).toBeUndefined();
  });
});
