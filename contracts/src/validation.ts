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
/**
 * Invisible in a one-line text: format characters (zero-width space U+200B, joiners U+200C/U+200D, word
 * joiner U+2060, BOM U+FEFF, soft hyphen, bidi controls) and the line and paragraph separators.
 */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}]/u;
/** SPEC §5 "no spaces": every space and separator (no-break U+00A0, ideographic U+3000, …) and the invisible ones. */
const SPACE_OR_INVISIBLE = /[\s\p{Z}\p{Cf}]/u;
/**
 * Emoji sequences, whose joiners (U+200D) and tags (U+E0020-E007F) are part of one visible emoji, such as
 * 👩‍💻 or a subdivision flag: not invisible characters of a name.
 */
const EMOJI = String.raw`(?!\p{Cn})\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?`;
const EMOJI_SEQUENCE = new RegExp(
  `${EMOJI}(?:\\u200D${EMOJI})+|\\u{1F3F4}[\\u{E0020}-\\u{E007E}]+\\u{E007F}`,
  'gu',
);

/**
 * The distinct forbidden or unprintable characters found in value, in order of first appearance; `also`
 * (a pattern without the g flag, tested on one character at a time) adds a class of characters to refuse.
 */
export function forbiddenCharactersIn(value: string, forbidden: readonly string[], also?: RegExp): string[] {
  const found: string[] = [];
  for (const char of value) {
    const bad = forbidden.includes(char) || UNPRINTABLE.test(char) || (also?.test(char) ?? false);
    if (bad && !found.includes(char)) found.push(char);
  }
  return found;
}

/** How a list of offending characters is shown: a space is spelled out, invisible ones by code point. */
export function describeCharacters(characters: readonly string[]): string {
  return characters
    .map((c) => {
      if (c === ' ') return 'space';
      if (UNPRINTABLE.test(c) || SPACE_OR_INVISIBLE.test(c))
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
  /**
   * Refuse every space and separator, not only the U+0020 of `forbidden` (SPEC §5 profile name: "must not
   * contain spaces"). Without it, spaces are allowed and only the invisible characters are refused.
   */
  noSpaces?: boolean;
  /** Trim first: the trimmed value is checked, and is what the parse gives (what is stored). */
  trim?: boolean;
  /** Empty after trimming is allowed, as '' (an optional field; implies `trim`). */
  optional?: boolean;
}

/**
 * A text field (required unless `optional`) refusing forbidden characters, unprintable and invisible ones
 * (the message lists them) and too many UTF-8 bytes. What it checks is what it gives: without `trim`
 * nothing is trimmed, so a server stores the value as checked.
 */
export function textField({
  forbidden,
  maxBytes,
  requiredMessage = MESSAGES.required,
  noSpaces = false,
  trim = false,
  optional = false,
}: TextRule) {
  const base = z.string({ error: requiredMessage });
  return (trim || optional ? base.trim() : base).superRefine((value, ctx) => {
    if (optional && value === '') return;
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage, params: { rule: 'required' } });
      return;
    }
    const visible = value.replace(EMOJI_SEQUENCE, '');
    const bad = forbiddenCharactersIn(visible, forbidden, noSpaces ? SPACE_OR_INVISIBLE : INVISIBLE);
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

/** SPEC §5 profile name (also a member's name): no space of any kind, nothing trimmed. */
export const profileNameSchema = textField({
  forbidden: PROFILE_NAME_FORBIDDEN,
  maxBytes: USER_NAME_MAX_BYTES,
  noSpaces: true,
});
export const companyNameSchema = textField({
  forbidden: NAME_FORBIDDEN,
  maxBytes: USER_NAME_MAX_BYTES,
  requiredMessage: MESSAGES.fieldEmpty,
  trim: true,
});

export const emailSchema = z
  .string({ error: MESSAGES.fieldEmpty })
  .trim()
  .min(1, MESSAGES.fieldEmpty)
  .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail)
  .pipe(z.email(MESSAGES.invalidEmail));

/** Optional contact e-mail: trimmed; empty (or only spaces) is '', anything else must be an e-mail. */
export const optionalEmailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .refine((value) => value === '' || emailSchema.safeParse(value).success, MESSAGES.invalidEmail);
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, MESSAGES.tooLong)
  .regex(/^$|^[+]?[0-9][0-9 ()\-#*.]*$/, MESSAGES.invalidPhone);
/** Line feeds separate an address's lines (a CR LF becomes one); other control characters are refused. */
const ADDRESS_LINE_BREAK = '\n';
export const addressSchema = z
  .string()
  .overwrite((value) => value.replace(/\r\n/g, ADDRESS_LINE_BREAK))
  .trim()
  .max(ADDRESS_MAX_LENGTH, MESSAGES.tooLong)
  .superRefine((value, ctx) => {
    const bad = forbiddenCharactersIn(value.replaceAll(ADDRESS_LINE_BREAK, ''), ADDRESS_FORBIDDEN);
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
