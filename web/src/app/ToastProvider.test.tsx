import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { AppThemeProvider } from '@/shared/theme/AppThemeProvider.tsx';
import { ToastProvider } from './ToastProvider.tsx';

await initI18n('en');

describe('toasts', () => {
  it('asked for before the toaster has loaded, show once it has, one at a time and in order', async () => {
    toast.error('Failed to save.');
    toast.success('Saved.');
    render(
      <AppThemeProvider>
        <ToastProvider>
          <p>The page</p>
        </ToastProvider>
      </AppThemeProvider>,
    );
    // The page does not wait for the toaster.
    screen.getByText('The page');
    await screen.findByText('Failed to save.');
    expect(screen.queryByText('Saved.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    await screen.findByText('Saved.');
    // Once the toaster is up, a toast goes straight to it.
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    toast.warning('You are offline.');
    await screen.findByText('You are offline.');
  });
});
