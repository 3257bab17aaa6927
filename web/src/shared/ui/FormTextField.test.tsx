import { updateOrganizationMetadataSchema } from '@portal/contracts/organizations';
import { createMemberSchema } from '@portal/contracts/reseller';
import { profileNameSchema } from '@portal/contracts/validation';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { FormTextField } from './FormTextField.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';
import { requiresValue, useSchemaForm } from './use-schema-form.ts';

await initI18n('en');

const schema = z.object({ name: profileNameSchema, note: z.string().max(5, 'Too long') });

function ContactForm() {
  const form = useSchemaForm(schema, { defaultValues: { name: 'Ann', note: '' }, mode: 'onTouched' });
  return (
    <form>
      <FormTextField form={form} name="name" label="Name" hint="As the company sees it" />
      <FormTextField form={form} name="note" label="Note" />
    </form>
  );
}

describe('FormTextField', () => {
  it('is required when its rule refuses an empty value, and only then', () => {
    renderWithProviders(<ContactForm />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('required', true);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveProperty('required', false);
  });

  it("shows the broken rule's translated message in place of the hint, and the hint again once mended", async () => {
    renderWithProviders(<ContactForm />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const description = () =>
      document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description()).toBe('As the company sees it');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ann & Co');
    await userEvent.tab();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(description()).toBe('Invalid characters: space &');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ann');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(description()).toBe('As the company sees it');
  });
});

function AddMemberForm() {
  const form = useSchemaForm(createMemberSchema, {
    defaultValues: { email: '', name: '' },
    mode: 'onTouched',
  });
  return (
    <form>
      <FormTextField form={form} name="email" label="E-mail" />
      <FormTextField form={form} name="name" label="Name" />
    </form>
  );
}

describe('the required messages of SPEC §5', () => {
  it("says 'The field cannot be empty.' of a member's e-mail and 'Required' of the name, in zh-TW too", async () => {
    renderWithProviders(<AddMemberForm />);
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    const description = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    await userEvent.type(email, ' ');
    await userEvent.type(name, ' ');
    await userEvent.tab();
    expect(description(email)).toBe('The field cannot be empty.');
    expect(description(name)).toBe('Required');
    try {
      await i18n.changeLanguage('zh-TW');
      expect(await screen.findByText('此欄位不可空白。')).toBeTruthy();
      expect(description(name)).toBe('必填');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('names an invisible character of a profile name by its code point', async () => {
    renderWithProviders(<ContactForm />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, '王\u3000小明');
    await userEvent.tab();
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Invalid characters: U+3000',
    );
  });
});

describe('requiresValue', () => {
  it("reads the contracts' rules: a member's e-mail and name are required, a customer's contact fields not", () => {
    expect(requiresValue(createMemberSchema, 'email')).toBe(true);
    expect(requiresValue(createMemberSchema, 'name')).toBe(true);
    for (const field of ['name', 'email', 'phone', 'address', 'reference']) {
      expect(requiresValue(updateOrganizationMetadataSchema, field)).toBe(false);
    }
    expect(requiresValue(createMemberSchema, 'unknown')).toBe(false);
  });
});
