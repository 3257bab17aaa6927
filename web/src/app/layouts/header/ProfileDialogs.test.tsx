import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { ProfileDialogs } from './ProfileDialogs.tsx';

await initI18n('en');

function renderDialogs(onClose = vi.fn()) {
  renderWithProviders(
    <ProfileDialogs
      user={{ id: 'u-1', name: 'Olivia', email: 'owner@northwind.example' }}
      companyRole="owner"
      onClose={onClose}
      onSaved={() => undefined}
    />,
  );
  return onClose;
}

// `hidden`: MUI hides a dialog from the accessibility tree while another one is stacked on it.
const passwordDialog = () => screen.queryByRole('dialog', { name: 'Change password', hidden: true });
const passwordClosed = () => waitFor(() => expect(passwordDialog()).toBeNull());
const leaveDialog = () => screen.queryByRole('dialog', { name: 'Are you sure you want to leave?' });

async function openChangePassword() {
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  return screen.findByRole('dialog', { name: 'Change password' });
}

// Stacked MUI dialogs and their transitions are slow in jsdom on a shared machine.
describe('change password opened from profile settings', { timeout: 20_000 }, () => {
  it('comes back to the profile dialog with its unsaved edits', async () => {
    renderDialogs();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.type(name, ' C');
    const dialog = await openChangePassword();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await passwordClosed();
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Olivia C');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('closes an unmodified change-password form directly', async () => {
    renderDialogs();
    const dialog = await openChangePassword();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(leaveDialog()).toBeNull();
    await passwordClosed();
  });

  it('asks before Cancel drops a modified form; Stay on this page keeps it, Leave closes it', async () => {
    const onClose = renderDialogs();
    const dialog = await openChangePassword();
    await userEvent.type(within(dialog).getByLabelText('Current password', { exact: false }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const leave = await screen.findByRole('dialog', { name: 'Are you sure you want to leave?' });
    expect(leave.textContent).toContain('Your changes will lost if you leave.');
    await userEvent.click(within(leave).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(leaveDialog()).toBeNull());
    expect(passwordDialog()).not.toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await passwordClosed();
    // Back on the profile dialog, which stays open.
    expect(screen.getByRole('dialog', { name: 'Profile settings' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks on Escape when modified', async () => {
    renderDialogs();
    const dialog = await openChangePassword();
    await userEvent.type(within(dialog).getByLabelText('Current password', { exact: false }), 'x');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Are you sure you want to leave?' })).toBeTruthy();
    expect(passwordDialog()).not.toBeNull();
  });
});
