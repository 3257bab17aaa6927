import { describe, expect, it } from 'vitest';
import { changedMetadata, metadataFormSchema } from './metadata-form.ts';

const original = {
  name: 'Ada Chen',
  reference: 'REF-1',
  address: '1 Harbor Rd',
  email: 'ada@example.com',
  phone: '+886 2 1234',
};

describe('changedMetadata', () => {
  it('sends only the fields that changed', () => {
    const values = metadataFormSchema.parse({
      ...original,
      phone: ' +886 2 9999 ',
      email: ' ada@example.com ',
    });
    expect(changedMetadata(original, values)).toEqual({ phone: '+886 2 9999' });
  });

  it('sends nothing when nothing changed', () => {
    expect(changedMetadata(original, metadataFormSchema.parse(original))).toEqual({});
  });
});

describe('metadataFormSchema', () => {
  it('uses the contracts messages', () => {
    const result = metadataFormSchema.safeParse({ ...original, email: 'not-an-email', address: 'a<b' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toContainEqual(['email', 'Invalid e-mail']);
    expect(messages).toContainEqual(['address', 'Invalid characters: <']);
  });

  it('allows empty optional contact fields', () => {
    expect(metadataFormSchema.safeParse({ ...original, email: '', phone: '', name: '' }).success).toBe(true);
  });
});
