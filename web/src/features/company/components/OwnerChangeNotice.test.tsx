import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { OwnerChangeNotice } from './OwnerChangeNotice.tsx';

await initI18n('en');

describe('OwnerChangeNotice', () => {
  it('is a dialog telling the owner that ownership moved, with a button that reloads', async () => {
    const onReload = vi.fn();
    renderWithProviders(<OwnerChangeNotice onReload={onReload} />);
    const notice = screen.getByRole('dialog', { name: 'The company owner has changed' });
    expect(notice.textContent).toContain('You are now the owner of this company.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('closes with Later, without reloading', async () => {
    const onReload = vi.fn();
    renderWithProviders(<OwnerChangeNotice onReload={onReload} />);
    const notice = screen.getByRole('dialog', { name: 'The company owner has changed' });
    await userEvent.click(within(notice).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onReload).not.toHaveBeenCalled();
  });
});
