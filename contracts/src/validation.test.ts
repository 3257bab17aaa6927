import { describe, expect, it } from 'vitest';
import { emailSchema, phoneSchema, profileNameSchema } from './validation.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('profile name (SPEC §5)', () => {
  it('is required', () => {
    expect(messages(profileNameSchema.safeParse(''))).toEqual(['Required']);
    expect(messages(profileNameSchema.safeParse('   '))).toEqual(['Required']);
  });

  it('lists the offending characters, spaces included', () => {
    expect(messages(profileNameSchema.safeParse('Ann Lee&Co#'))).toEqual(['Invalid characters: space & #']);
    expect(messages(profileNameSchema.safeParse('a“b‘c'))).toEqual(['Invalid characters: “ ‘']);
  });

  it('refuses control characters and unassigned code points, naming them by code point', () => {
    expect(messages(profileNameSchema.safeParse('Ann\u0007'))).toEqual(['Invalid characters: U+0007']);
    expect(messages(profileNameSchema.safeParse('\u{F0000}x'))).toEqual(['Invalid characters: U+F0000']);
    expect(profileNameSchema.safeParse('👩‍💻Ann').success).toBe(true);
  });

  it('accepts names in any script and refuses more than 128 bytes', () => {
    expect(profileNameSchema.safeParse('王小明').success).toBe(true);
    expect(profileNameSchema.safeParse('Ann_Lee-2').success).toBe(true);
    expect(messages(profileNameSchema.safeParse('名'.repeat(43)))).toEqual(['Too long']);
  });
});

describe('contact fields', () => {
  it('checks e-mails with the spec message', () => {
    expect(emailSchema.safeParse(' ann@example.com ').data).toBe('ann@example.com');
    expect(messages(emailSchema.safeParse('ann@'))).toEqual(['Invalid e-mail']);
  });

  it('checks phone numbers', () => {
    expect(phoneSchema.safeParse('+886 2 1234-5678').success).toBe(true);
    expect(phoneSchema.safeParse('call me').success).toBe(false);
  });
});
