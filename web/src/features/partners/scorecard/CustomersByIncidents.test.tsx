import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { CustomersByIncidents } from './CustomersByIncidents.tsx';

const customer = (id: string, dealerId: string, dealerName: string) => ({
  organizationId: id,
  name: `Customer ${id}`,
  dealerId,
  dealerName,
  devices: 10,
  healthyPercent: 90,
  openIncidents: 2,
  licenses: { expired: 1, expiring30: 0, expiring60: 0, expiring90: 0 },
});

beforeAll(() => initI18n('en'));

const renderRows = (rows: ReturnType<typeof customer>[]) =>
  renderWithProviders(
    <MemoryRouter>
      <CustomersByIncidents rows={rows} />
    </MemoryRouter>,
  );

describe('CustomersByIncidents (a scorecard’s customers)', () => {
  it('leaves the dealer out when every customer is the same dealer’s (issue 23)', () => {
    renderRows([customer('a', 'd1', 'North Dealer'), customer('b', 'd1', 'North Dealer')]);
    const table = screen.getByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Dealer' })).toBeNull();
    expect(within(table).queryByText('North Dealer')).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('names each customer’s dealer when they belong to several (a distributor’s scorecard)', () => {
    renderRows([customer('a', 'd1', 'North Dealer'), customer('b', 'd2', 'South Dealer')]);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Dealer' })).toBeTruthy();
    expect(within(table).getByText('North Dealer')).toBeTruthy();
    expect(within(table).getByText('South Dealer')).toBeTruthy();
  });
});
