import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { fakeApi } from '@/test/fake-api.ts';
import { spyOnToasts } from '@/test/toasts.ts';
import { DeleteMemberDialog } from './DeleteMemberDialog.tsx';
import { ResetTwoStepDialog } from './ResetTwoStepDialog.tsx';

beforeAll(() => initI18n('en'));
spyOnToasts();

const COMPANY = 'c-1';
const member = { userId: 'u-7', name: '', email: 'pat@dealer.example', mfaEnabled: true };

describe('the owner’s confirmations about one member', () => {
  it('deletes the member after the question, says so and closes', async () => {
    const requests: string[] = [];
    fakeApi(({ method, path }) => {
      requests.push(`${method} ${path}`);
      return new Response(null, { status: 204 });
    });
    const onClose = vi.fn();
    renderWithProviders(<DeleteMemberDialog companyId={COMPANY} member={member} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete this member?' });
    // A member without a name is named as the list names them.
    expect(
      within(dialog).getByText(/\(pat@dealer\.example\) will no longer be able to sign in/),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toEqual([`DELETE /api/reseller/v1/companies/${COMPANY}/users/u-7`]);
    expect(toast.success).toHaveBeenCalledWith('Deleted successfully!');
  });

  it('stays open with the failure when the reset does not work', async () => {
    fakeApi(() => new Response(JSON.stringify({ message: 'nope' }), { status: 500 }));
    const onClose = vi.fn();
    renderWithProviders(<ResetTwoStepDialog companyId={COMPANY} member={member} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Reset two-step sign-in?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Two-step sign-in could not be reset.'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Reset two-step sign-in?' })).toBeTruthy();
  });
});
