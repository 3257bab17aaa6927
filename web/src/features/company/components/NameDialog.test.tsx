import { updateCompanyInfoSchema } from '@portal/contracts/reseller';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { spyOnToasts } from '@/test/toasts.ts';
import { NameDialog } from './NameDialog.tsx';

await initI18n('en');
spyOnToasts();

function renderDialog(save: (name: string) => Promise<string>) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <NameDialog
      title="Company name"
      label="Name"
      hint="ann@example.com"
      autoComplete="organization"
      name="Acme"
      schema={updateCompanyInfoSchema}
      busy={false}
      save={save}
      onSaved={onSaved}
      onClose={onClose}
    />,
  );
  return { onSaved, onClose, field: screen.getByRole('textbox', { name: 'Name' }) };
}

describe('NameDialog', () => {
  it('saves the new name, says so, closes and hands over what was stored', async () => {
    const save = vi.fn(async (name: string) => `stored ${name}`);
    const { onSaved, onClose, field } = renderDialog(save);
    expect(field).toHaveProperty('required', true);
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'Acme Security');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith('Acme Security');
    expect(toast.success).toHaveBeenCalledWith('Saved successfully!');
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSaved).toHaveBeenCalledWith('stored Acme Security');
  });

  it('says a failed save failed and stays open', async () => {
    const { onSaved, onClose, field } = renderDialog(async () => {
      throw new Error('down');
    });
    await userEvent.type(field, ' Ltd');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(toast.error).toHaveBeenCalledWith('Failed to save.');
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
