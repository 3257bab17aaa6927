import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { AuthServicesProvider } from '@/shared/session/AuthServicesContext.tsx';
import type { AuthServices } from '@/shared/session/auth-services.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { ProfileSettingsDialog } from './ProfileSettingsDialog.tsx';

const updateName = vi.hoisted(() => vi.fn(async (name: string) => ({ name })));
vi.mock('./api/update-profile-name.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api/update-profile-name.ts')>()),
  useUpdateProfileName: () => ({ mutateAsync: updateName, isPending: false }),
}));

await initI18n('en');

const user = { id: 'u-1', name: 'Olivia', email: 'owner@northwind.example' };

function renderDialog(
  overrides: { onChangePassword?: () => void; onClose?: () => void; services?: AuthServices } = {},
) {
  const dialog = (
    <ProfileSettingsDialog
      user={user}
      companyRole="owner"
      onClose={overrides.onClose ?? (() => undefined)}
      onSaved={() => undefined}
      onChangePassword={overrides.onChangePassword ?? (() => undefined)}
    />
  );
  return renderWithProviders(
    overrides.services ? (
      <AuthServicesProvider services={overrides.services}>{dialog}</AuthServicesProvider>
    ) : (
      dialog
    ),
  );
}

const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const nameField = () => screen.getByRole('textbox', { name: /^Name/ });

describe('profile settings dialog', () => {
  it('shows the role badge and the masked email', () => {
    renderDialog();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getByText('o***@northwind.example')).toBeTruthy();
    expect(screen.queryByText('owner@northwind.example')).toBeNull();
  });

  it('enables Save only when the name is modified', async () => {
    renderDialog();
    expect(save().disabled).toBe(true);
    await userEvent.type(nameField(), 'B');
    expect(save().disabled).toBe(false);
    await userEvent.type(nameField(), '{Backspace}');
    expect(save().disabled).toBe(true);
  });

  it('lists the offending characters of a bad name', async () => {
    renderDialog();
    await userEvent.type(nameField(), ' B&#');
    expect(await screen.findByText('Invalid characters: space & #')).toBeTruthy();
  });

  it('asks for a name', async () => {
    renderDialog();
    await userEvent.clear(nameField());
    expect(await screen.findByText('Required')).toBeTruthy();
  });

  it('opens the change-password dialog from its button', async () => {
    const onChangePassword = vi.fn();
    renderDialog({ onChangePassword });
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(onChangePassword).toHaveBeenCalledOnce();
  });

  it("opens 'Sign-in security' on top, which asks to confirm it's you first", async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Sign-in security' }));
    const security = await screen.findByRole('dialog', { name: 'Sign-in security' });
    expect(security.textContent).toContain("Confirm it's you");
    expect(screen.getByRole('dialog', { name: 'Profile settings', hidden: true })).toBeTruthy();
  });

  it("confirming it's you does not submit the profile's form underneath (events bubble through portals)", async () => {
    const onClose = vi.fn();
    const security = {
      confirmWithPassword: vi.fn(async () => undefined),
      forgetConfirmation: vi.fn(),
      settings: vi.fn(async () => ({ enabled: [] })),
      passkeys: vi.fn(async () => []),
    };
    renderDialog({ onClose, services: { session: { security }, tokens: {} } as unknown as AuthServices });
    await userEvent.click(screen.getByRole('button', { name: 'Sign-in security' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign-in security' });
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Secret123{Enter}');
    expect(await within(dialog).findByRole('region', { name: 'Passkeys' })).toBeTruthy();
    expect(security.confirmWithPassword).toHaveBeenCalledWith('Secret123');
    expect(updateName).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
