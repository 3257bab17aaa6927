import { describe, expect, it } from 'vitest';
import { updateOrganizationMetadataSchema } from './organizations.ts';
import {
  addressSchema,
  companyNameSchema,
  emailSchema,
  optionalEmailSchema,
  phoneSchema,
  profileNameSchema,
} from './validation.ts';

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

describe('spaces and invisible characters in names', () => {
  it('refuses every kind of space in a profile name, naming the ones other than U+0020 by code point', () => {
    expect(messages(profileNameSchema.safeParse('王\u3000小明'))).toEqual(['Invalid characters: U+3000']);
    expect(messages(profileNameSchema.safeParse('Ann\u00a0Lee'))).toEqual(['Invalid characters: U+00A0']);
    expect(messages(profileNameSchema.safeParse('Ann\u2028Lee'))).toEqual(['Invalid characters: U+2028']);
    expect(messages(profileNameSchema.safeParse('\u3000Ann Lee'))).toEqual([
      'Invalid characters: U+3000 space',
    ]);
  });

  it('refuses zero-width and other format characters in a profile name, except inside an emoji', () => {
    for (const invisible of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u202e']) {
      const code = `U+${invisible.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      expect(messages(profileNameSchema.safeParse(`Ann${invisible}Lee`)), code).toEqual([
        `Invalid characters: ${code}`,
      ]);
    }
    // The joiner of 👩‍💻 and the tags of a subdivision flag are part of one visible emoji.
    expect(profileNameSchema.safeParse('👩‍💻Ann').success).toBe(true);
    expect(
      profileNameSchema.safeParse('🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}Ann').success,
    ).toBe(true);
  });

  it('keeps spaces in a company name but refuses the invisible characters', () => {
    expect(companyNameSchema.safeParse('Acme\u00a0Security Ltd').success).toBe(true);
    expect(messages(companyNameSchema.safeParse('Acme\u200bLtd'))).toEqual(['Invalid characters: U+200B']);
    expect(messages(companyNameSchema.safeParse('Ac\ufeffme'))).toEqual(['Invalid characters: U+FEFF']);
  });

  it('gives what it checked: a profile name untrimmed, a company name trimmed', () => {
    expect(profileNameSchema.safeParse('Ann_Lee').data).toBe('Ann_Lee');
    expect(messages(profileNameSchema.safeParse(' Ann'))).toEqual(['Invalid characters: space']);
    expect(companyNameSchema.safeParse('\u3000 Acme Ltd \u00a0').data).toBe('Acme Ltd');
  });
});

describe('required messages (SPEC §5)', () => {
  it("says 'The field cannot be empty.' for e-mails and the company name, 'Required' for a profile name", () => {
    expect(messages(emailSchema.safeParse(''))).toEqual(['The field cannot be empty.']);
    expect(messages(emailSchema.safeParse(undefined))).toEqual(['The field cannot be empty.']);
    expect(messages(companyNameSchema.safeParse('  '))).toEqual(['The field cannot be empty.']);
    expect(messages(companyNameSchema.safeParse(undefined))).toEqual(['The field cannot be empty.']);
    expect(messages(profileNameSchema.safeParse(''))).toEqual(['Required']);
  });
});

describe('optional contact fields', () => {
  it("take only spaces as empty, and anything else as an e-mail with the spec's one message", () => {
    expect(optionalEmailSchema.safeParse('').data).toBe('');
    expect(optionalEmailSchema.safeParse(' \t ').data).toBe('');
    expect(optionalEmailSchema.safeParse(' ann@example.com ').data).toBe('ann@example.com');
    expect(messages(optionalEmailSchema.safeParse('ann@'))).toEqual(['Invalid e-mail']);
    expect(messages(optionalEmailSchema.safeParse(`${'a'.repeat(250)}@example.com`))).toEqual([
      'Invalid e-mail',
    ]);
  });

  it('take a contact name, reference or phone of only spaces as empty', () => {
    expect(
      updateOrganizationMetadataSchema.safeParse({ name: '   ', reference: '\u3000', phone: ' ', email: ' ' })
        .data,
    ).toEqual({ name: '', reference: '', phone: '', email: '' });
    expect(updateOrganizationMetadataSchema.safeParse({ name: ' Ann Lee ' }).data).toEqual({
      name: 'Ann Lee',
    });
  });
});

describe('address', () => {
  it('keeps line feeds (a CR LF becomes one) and refuses other control characters', () => {
    expect(addressSchema.safeParse('1 Harbor Rd\nTaipei').data).toBe('1 Harbor Rd\nTaipei');
    expect(addressSchema.safeParse('1 Harbor Rd\r\nTaipei\r\n').data).toBe('1 Harbor Rd\nTaipei');
    expect(messages(addressSchema.safeParse('1 Harbor Rd\tTaipei'))).toEqual(['Invalid characters: U+0009']);
    expect(messages(addressSchema.safeParse('1 Harbor Rd\rTaipei'))).toEqual(['Invalid characters: U+000D']);
    expect(messages(addressSchema.safeParse('1 Harbor Rd\n<b>'))).toEqual(['Invalid characters: < >']);
  });
});
