import { z } from 'zod';

/**
 * The field rules of SPEC §5 with their messages, used by the web forms (through zodResolver) and by the
 * server's route schemas, so both refuse the same input with the same words. Messages are the English
 * text; the web app translates them, using `params` where a message carries data.
 */
export const MESSAGES = {
  required: 'Required',
  fieldEmpty: 'The field cannot be empty.',
  invalidEmail: 'Invalid e-mail',
  alphanumericOnly: 'Only letters and numbers are allowed',
  tooLong: 'Too long',
  invalidCharacters: 'Invalid characters',
  invalidPhone: 'Invalid phone number',
  specialCharacters: 'Special characters are not allowed',
} as const;

/** SPEC §5 profile name: no spaces and none of these. */
export const PROFILE_NAME_FORBIDDEN = [
  ' ',
  '*',
  '‘',
  "'",
  '"',
  '&',
  '$',
  '@',
  '=',
  ';',
  '/',
  ':',
  '+',
  ',',
  '?',
  '\\',
  '{',
  '^',
  '}',
  '%',
  '`',
  ']',
  '“',
  '>',
  '[',
  '~',
  '<',
  '#',
  '|',
] as const;

/** SPEC §5: device and user names: quotes, angle brackets, =, &, ;, backtick, |, $, parentheses. */
export const NAME_FORBIDDEN = ['"', "'", '<', '>', '=', '&', ';', '`', '|', '$', '(', ')'] as const;
/** Addresses and phone numbers: markup and script-significant characters (SPEC leaves the list open). */
export const ADDRESS_FORBIDDEN = ['<', '>', '"', '`', '$', '{', '}', '|', '\\', '^', ';'] as const;

export const USER_NAME_MAX_BYTES = 128;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 32;
export const ADDRESS_MAX_LENGTH = 256;

/** Control characters, lone surrogates, private-use and unassigned code points: never part of a name. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Co}\p{Cn}]/u;

/** The distinct forbidden or unprintable characters found in value, in order of first appearance. */
export function forbiddenCharactersIn(value: string, forbidden: readonly string[]): string[] {
  const found: string[] = [];
  for (const char of value) {
    if ((forbidden.includes(char) || UNPRINTABLE.test(char)) && !found.includes(char)) found.push(char);
  }
  return found;
}

/** How a list of offending characters is shown: a space is spelled out, invisible ones by code point. */
export function describeCharacters(characters: readonly string[]): string {
  return characters
    .map((c) => {
      if (c === ' ') return 'space';
      if (UNPRINTABLE.test(c))
        return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      return c;
    })
    .join(' ');
}

export const utf8Length = (value: string) => new TextEncoder().encode(value).length;

interface TextRule {
  forbidden: readonly string[];
  maxBytes: number;
  requiredMessage?: string;
}

/** A required text field refusing forbidden characters (message lists them) and too many UTF-8 bytes. */
export function textField({ forbidden, maxBytes, requiredMessage = MESSAGES.required }: TextRule) {
  return z.string({ error: requiredMessage }).superRefine((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage, params: { rule: 'required' } });
      return;
    }
    const bad = forbiddenCharactersIn(value, forbidden);
    if (bad.length > 0) {
      const characters = describeCharacters(bad);
      ctx.addIssue({
        code: 'custom',
        message: `${MESSAGES.invalidCharacters}: ${characters}`,
        params: { rule: 'invalidCharacters', characters },
      });
    }
    if (utf8Length(value) > maxBytes) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.tooLong, params: { rule: 'tooLong', max: maxBytes } });
    }
  });
}

/** SPEC §5 profile name (also a member's name). */
export const profileNameSchema = textField({
  forbidden: PROFILE_NAME_FORBIDDEN,
  maxBytes: USER_NAME_MAX_BYTES,
});
export const companyNameSchema = textField({ forbidden: NAME_FORBIDDEN, maxBytes: USER_NAME_MAX_BYTES });

export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail)
  .pipe(z.email(MESSAGES.invalidEmail));

/** Optional contact fields: empty is allowed. */
export const optionalEmailSchema = z.union([z.literal(''), emailSchema]);
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, MESSAGES.tooLong)
  .regex(/^$|^[+]?[0-9][0-9 ()\-#*.]*$/, MESSAGES.invalidPhone);
export const addressSchema = z
  .string()
  .max(ADDRESS_MAX_LENGTH, MESSAGES.tooLong)
  .superRefine((value, ctx) => {
    const bad = forbiddenCharactersIn(value, ADDRESS_FORBIDDEN);
    if (bad.length > 0) {
      const characters = describeCharacters(bad);
      ctx.addIssue({
        code: 'custom',
        message: `${MESSAGES.invalidCharacters}: ${characters}`,
        params: { rule: 'invalidCharacters', characters },
      });
    }
  });

/** SPEC §5: webhook, rule and API-key names have no special characters (letters, digits, spaces, _ and -). */
export function plainNameSchema(maxLength: number) {
  return z
    .string()
    .trim()
    .min(1, MESSAGES.fieldEmpty)
    .max(maxLength, MESSAGES.tooLong)
    .regex(/^[\p{L}\p{N} _-]+$/u, MESSAGES.specialCharacters);
}

/** SPEC §5 device id: 12 alphanumerics. */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9]{12}$/, 'Invalid device id');
