import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { AuthServicesProvider } from '@/shared/session/AuthServicesContext.tsx';
import type { AuthServices } from '@/shared/session/auth-services.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

await initI18n('en');

/** The dialog against a session whose change fails with `error`; submits the three passwords. */
async function submitFailingChange(error: Error) {
  const changePassword = vi.fn().mockRejectedValue(error);
  const services = { session: { changePassword }, tokens: {} } as unknown as AuthServices;
  renderWithProviders(
    <AuthServicesProvider services={services}>
      <ChangePasswordDialog open onClose={() => undefined} />
    </AuthServicesProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Change password' });
  // fireEvent: typing three passwords key by key is slow on a shared machine and tests nothing more here.
  for (const [label, value] of [
    ['Current password', 'Old-Pass-1'],
    ['New password', 'Changed-Pass-7'],
    ['Confirm password', 'Changed-Pass-7'],
  ] as const) {
    fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });
  }
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { dialog, changePassword };
}

describe('change password failures', { timeout: 20_000 }, () => {
  it("shows 'Failed to change.' when the change fails for another reason", async () => {
    const { dialog, changePassword } = await submitFailingChange(
      Object.assign(new Error('boom'), { name: 'InternalErrorException' }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to change.');
    expect(changePassword).toHaveBeenCalledWith('Old-Pass-1', 'Changed-Pass-7');
  });

  it('does not call a password wrong when the session ended elsewhere (signed out everywhere)', async () => {
    const { dialog } = await submitFailingChange(
      Object.assign(new Error('Access Token has been revoked'), { name: 'NotAuthorizedException' }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your sign-in has expired. Please sign in again.',
    );
    expect(within(dialog).queryByText('Incorrect password.')).toBeNull();
  });
});
