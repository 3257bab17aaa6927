import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { THEME_STORAGE_KEY } from '@/shared/theme/theme-preference.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { AppearanceDialog } from './AppearanceDialog.tsx';

await initI18n('en');

const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('appearance dialog', () => {
  it('starts on the stored choice with Save disabled', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderWithProviders(<AppearanceDialog onClose={() => undefined} />);
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    expect(save().disabled).toBe(true);
  });

  it('enables Save only while the choice differs', async () => {
    renderWithProviders(<AppearanceDialog onClose={() => undefined} />);
    expect((screen.getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(save().disabled).toBe(false);
    await userEvent.click(screen.getByRole('radio', { name: 'System' }));
    expect(save().disabled).toBe(true);
  });

  it('Save stores the mode the shell uses and closes; Cancel changes nothing', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AppearanceDialog onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    const success = vi.spyOn(toast, 'success').mockReturnValue('');
    await userEvent.click(save());
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(success).toHaveBeenCalledWith('Save successfully!');
    success.mockRestore();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('asks before cancelling a changed choice; Leave keeps the old mode', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const onClose = vi.fn();
    renderWithProviders(<AppearanceDialog onClose={onClose} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Your changes will lost if you leave.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(onClose).not.toHaveBeenCalled();
    // By label: the dialog stays aria-hidden while the confirmation's exit transition runs.
    expect((screen.getByLabelText('Dark') as HTMLInputElement).checked).toBe(true);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});
