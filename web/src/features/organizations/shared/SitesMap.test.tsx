import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '@/shared/config/RuntimeConfigContext.tsx';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { type MapSite, SitesMap } from './SitesMap.tsx';

const site = (id: string, latitude: number | null, longitude: number | null): MapSite => ({
  id,
  name: `Site ${id}`,
  latitude,
  longitude,
  hasDeviceError: false,
});

beforeAll(() => initI18n('en'));
// jsdom lays nothing out: give the map's container a size, or Leaflet sees no area to put sites in.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
});

describe('SitesMap', () => {
  it('draws the located sites on the shared base map and counts the others', async () => {
    const config = {
      map: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Tiles' },
    } as RuntimeConfig;
    const sites = [site('a', 47, -122), site('b', -33.9, 151.2), site('c', null, null)];
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <RuntimeConfigProvider config={config}>
            <SitesMap sites={sites} />
          </RuntimeConfigProvider>
        ),
      },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    const map = screen.getByRole('region', { name: 'Map of sites' });
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    expect(map.querySelector('.world-land')).not.toBeNull();
    expect(screen.getByText('1 sites have no location and are not on the map.')).toBeTruthy();
  });
});
