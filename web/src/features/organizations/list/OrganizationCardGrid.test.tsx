import type { OrganizationListItem } from '@portal/contracts/organizations';
import { act, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { OrganizationCardGrid } from './OrganizationCardGrid.tsx';
import '@/test/stub-resize-observer.ts';

/** Each card shows its customer's device health whenever it renders: the customers rendered, in order. */
const rendered = vi.hoisted(() => ({ customers: [] as number[] }));
vi.mock('./DeviceHealth.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./DeviceHealth.tsx')>();
  return {
    ...original,
    DeviceHealth: (props: Parameters<typeof original.DeviceHealth>[0]) => {
      rendered.customers.push(props.devices.total);
      return original.DeviceHealth(props);
    },
  };
});

beforeAll(() => initI18n('en'));
beforeEach(() => {
  rendered.customers = [];
});

/** Customer `n` has n devices, which tells its card's render apart. */
const customer = (n: number): OrganizationListItem => ({
  id: `org-${n}`,
  name: `Customer ${n}`,
  reference: '',
  siteCount: 1,
  license: { expired: 0, expireSoon: 0, unlicensed: 0 },
  devices: { total: n, offline: 0, abnormal: 0 },
});

describe('customer card grid', () => {
  it('a refetched list that adds a customer renders only the new card (the others are the same objects)', async () => {
    const [first, second] = [customer(1), customer(2)];
    let showCustomers: (customers: OrganizationListItem[]) => void = () => {};
    function Harness() {
      const [customers, setCustomers] = useState([first, second]);
      showCustomers = setCustomers;
      return (
        <MemoryRouter>
          <OrganizationCardGrid organizations={customers} />
        </MemoryRouter>
      );
    }
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('article', { name: 'Customer 2' })).toBeTruthy();
    rendered.customers = [];
    act(() => showCustomers([first, second, customer(3)]));
    expect(await screen.findByRole('article', { name: 'Customer 3' })).toBeTruthy();
    expect(rendered.customers).toEqual([3]);
  });

  it('the first commit already holds the cards on screen (not an empty list filled by a second render)', async () => {
    let cardsAtMount = -1;
    renderWithProviders(
      <MemoryRouter>
        <Profiler
          id="grid"
          onRender={(_id, phase) => {
            if (phase === 'mount') cardsAtMount = rendered.customers.length;
          }}
        >
          <OrganizationCardGrid organizations={[customer(1), customer(2)]} />
        </Profiler>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('article', { name: 'Customer 2' })).toBeTruthy();
    expect(cardsAtMount).toBe(2);
  });
});
