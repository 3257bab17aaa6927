import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { RuntimeConfigProvider } from '@/shared/config/RuntimeConfigContext.tsx';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import type { DealerMarker } from '../model/dealer-markers.ts';
import { DealerMap } from './DealerMap.tsx';

const marker = (id: string, latitude: number, longitude: number): DealerMarker => ({
  id,
  name: `Dealer ${id}`,
  latitude,
  longitude,
  openIncidents: 3,
  healthyPercent: 90,
  href: `/partners/${id}`,
});

beforeAll(() => initI18n('en'));

describe('DealerMap', () => {
  it('draws a marker per dealer; clicking one shows its figures and a link to its scorecard', async () => {
    const config = {
      map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Tiles' },
    } as RuntimeConfig;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <RuntimeConfigProvider config={config}>
              <DealerMap
                markers={[marker('a', 47, -122), marker('b', 50, 8), marker('c', 25, 121)]}
                missing={1}
              />
            </RuntimeConfigProvider>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    const { container } = renderWithProviders(<RouterProvider router={router} />);
    await waitFor(() => expect(container.querySelectorAll('path.leaflet-interactive')).toHaveLength(3));
    expect(
      screen.getByText('1 dealer has neither an address nor a region and is not on the map.'),
    ).toBeTruthy();
    // Every marker is labelled with its dealer's name, without a click (issue 23).
    const labels = [...container.querySelectorAll('.leaflet-tooltip.dealer-label')].map((l) => l.textContent);
    expect(labels.sort()).toEqual(['Dealer a', 'Dealer b', 'Dealer c']);

    fireEvent.click(container.querySelectorAll('path.leaflet-interactive')[1]!);
    const popup = await waitFor(() => {
      const element = container.querySelector<HTMLElement>('.leaflet-popup');
      if (!element) throw new Error('no popup yet');
      return element;
    });
    expect(within(popup).getByText('Dealer b')).toBeTruthy();
    expect(screen.getByText('Open incidents: 3')).toBeTruthy();
    expect(screen.getByText('Healthy: 90.0%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open scorecard' }).getAttribute('href')).toBe('/partners/b');
  });
});
