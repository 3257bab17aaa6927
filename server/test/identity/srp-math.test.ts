import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { g, modPow, modPowN, N, pad, toBigInt } from '../../src/services/identity/srp/srp-math.ts';
import { formatSrpTimestamp, parseSrpTimestamp } from '../../src/services/identity/srp/timestamp.ts';

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

  it('computes modPowN (OpenSSL) exactly as modPow, edge values included', () => {
    const random = (bytes: number) => toBigInt(randomBytes(bytes));
    for (let i = 0; i < 40; i++) {
      const exponent = random(i % 2 ? 32 : 128);
      const base = i % 4 === 0 ? g : random(384);
      expect(modPowN(base, exponent)).toBe(modPow(base % N, exponent, N));
    }
    for (const base of [0n, 1n, 2n, N - 2n, N - 1n, N, N + 5n, 3n])
      for (const exponent of [0n, 1n, 2n, random(32)])
        expect(modPowN(base, exponent)).toBe(modPow(base % N, exponent, N));
  });
});
