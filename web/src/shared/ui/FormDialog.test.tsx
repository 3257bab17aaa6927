import TextField from '@mui/material/TextField';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { FormDialog } from './FormDialog.tsx';
import { renderWithProviders } from './testing/render-with-providers.tsx';

await initI18n('en');

function NameForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('Olivia');
  return (
    <FormDialog
      title="Edit name"
      isDirty={name !== 'Olivia'}
      onSubmit={(e) => e.preventDefault()}
      onClose={onClose}
    >
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
    </FormDialog>
  );
}

const leaveTitle = () => screen.queryByRole('dialog', { name: 'Are you sure you want to leave?' });

describe('leave confirmation', () => {
  it('closes an unmodified form directly', async () => {
    const onClose = vi.fn();
    renderWithProviders(<NameForm onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(leaveTitle()).toBeNull();
  });

  it('asks before closing a modified form; Stay on this page keeps it', async () => {
    const onClose = vi.fn();
    renderWithProviders(<NameForm onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(leaveTitle()).not.toBeNull();
    expect(screen.getByText('Your changes will lost if you leave.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Oliviax');
  });

  it('Leave closes the modified form', async () => {
    const onClose = vi.fn();
    renderWithProviders(<NameForm onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('enables Save only while the form is modified', async () => {
    renderWithProviders(<NameForm onClose={() => undefined} />);
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    expect(save().disabled).toBe(false);
    await userEvent.type(screen.getByLabelText('Name'), '{Backspace}');
    expect(save().disabled).toBe(true);
  });
});
