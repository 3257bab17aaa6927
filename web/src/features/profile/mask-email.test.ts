import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('masked email', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('owner@northwind.example')).toBe('o***@northwind.example');
    expect(maskEmail('a@b.example')).toBe('a***@b.example');
  });

  it('hides the length of the local part', () => {
    expect(maskEmail('priya.raman@northwind.example')).toBe('p***@northwind.example');
  });

  it('uses the last @ and keeps whole characters', () => {
    expect(maskEmail('"a@b"@x.example')).toBe('"***@x.example');
    expect(maskEmail('林@x.example')).toBe('林***@x.example');
  });

  it('masks text that is not an address', () => {
    expect(maskEmail('nobody')).toBe('n***');
    expect(maskEmail('')).toBe('');
  });
});
