import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { DashboardCard } from './DashboardCard.tsx';

await initI18n('en');

describe('DashboardCard', () => {
  it('says its own sources failed, with a Try again that retries them, and hides its content and action', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <DashboardCard
        id="card"
        title="Licenses"
        status="error"
        onRetry={onRetry}
        action={<button type="button">Export</button>}
      >
        content
      </DashboardCard>,
    );
    const alert = within(screen.getByRole('region', { name: 'Licenses' })).getByRole('alert');
    expect(alert.textContent).toContain('An error occurred while processing your request.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByText('content')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });
});
