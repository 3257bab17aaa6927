import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { OwnerChangeNotice } from './OwnerChangeNotice.tsx';

await initI18n('en');

describe('OwnerChangeNotice', () => {
  it('tells the owner that ownership moved, with a button that reloads', async () => {
    const onReload = vi.fn();
    renderWithProviders(<OwnerChangeNotice onReload={onReload} />);
    const notice = screen.getByRole('alert');
    expect(notice.className).toContain('MuiAlert-colorInfo');
    expect(notice.textContent).toContain('The company owner has changed');
    await userEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
