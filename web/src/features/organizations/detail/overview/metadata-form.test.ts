import { describe, expect, it } from 'vitest';
import { changedMetadata, metadataFormSchema } from './metadata-form.ts';

const original = {
  name: 'Ada Chen',
  reference: 'REF-1',
  address: '1 Harbor Rd',
  email: 'ada@example.com',
  phone: '+886 2 1234',
};
const schema = metadataFormSchema(original);

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path[0], issue.message]);

describe('changedMetadata', () => {
  it('sends only the fields that changed', () => {
    const values = schema.parse({
      ...original,
      phone: ' +886 2 9999 ',
      email: ' ada@example.com ',
    });
    expect(changedMetadata(original, values)).toEqual({ phone: '+886 2 9999' });
  });

  it('sends nothing when nothing changed', () => {
    expect(changedMetadata(original, schema.parse(original))).toEqual({});
  });
});

describe('metadataFormSchema', () => {
  it('uses the contracts messages', () => {
    const result = schema.safeParse({ ...original, email: 'not-an-email', address: 'a<b' });
    expect(result.success).toBe(false);
    expect(messagesOf(result)).toContainEqual(['email', 'Invalid e-mail']);
    expect(messagesOf(result)).toContainEqual(['address', 'Invalid characters: <']);
  });

  it('allows empty optional contact fields', () => {
    expect(schema.safeParse({ ...original, email: '', phone: '', name: '' }).success).toBe(true);
  });

  it("takes optional fields of only spaces as empty, and says 'Invalid e-mail' of any bad e-mail", () => {
    const blank = schema.parse({ ...original, email: ' ', phone: ' ', name: '  ', reference: '\u3000' });
    expect(changedMetadata(original, blank)).toEqual({ email: '', phone: '', name: '', reference: '' });
    for (const email of ['ann@', `${'a'.repeat(250)}@example.com`]) {
      expect(messagesOf(schema.safeParse({ ...original, email }))).toEqual([['email', 'Invalid e-mail']]);
    }
  });

  it('keeps the line breaks of the multi-line address', () => {
    const values = schema.parse({ ...original, address: '1 Harbor Rd\r\nTaipei 100' });
    expect(changedMetadata(original, values)).toEqual({ address: '1 Harbor Rd\nTaipei 100' });
    expect(messagesOf(schema.safeParse({ ...original, address: '1 Harbor Rd\tTaipei' }))).toEqual([
      ['address', 'Invalid characters: U+0009'],
    ]);
  });

  it('keeps a loaded value the rules refuse, so the other fields can be saved; changed, it meets the rule', () => {
    const loaded = { ...original, name: "Ryan O'Keefe" };
    const form = metadataFormSchema(loaded);
    const values = form.parse({ ...loaded, phone: '+886 2 5555' });
    expect(changedMetadata(loaded, values)).toEqual({ phone: '+886 2 5555' });

    const renamed = form.safeParse({ ...loaded, name: "Ryan O'Keefe Jr" });
    expect(renamed.success).toBe(false);
    expect(messagesOf(renamed)).toEqual([['name', "Invalid characters: '"]]);
  });
});
