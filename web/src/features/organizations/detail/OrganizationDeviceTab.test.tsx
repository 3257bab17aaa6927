import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { buildFirstPlatformDevice } from '@/test/device-factory.ts';
import { fakeApi } from '@/test/fake-api.ts';
import { OrganizationDeviceTab } from './OrganizationDeviceTab.tsx';
import '@/test/stub-resize-observer.ts';

await initI18n('en');
afterAll(() => vi.unstubAllGlobals());

const camera = buildFirstPlatformDevice();

describe('device tab', () => {
  it('never says the customer has no devices while its devices are on their way to the screen', async () => {
    // The second platform answers first with none; the first platform's camera comes after. The rows reach
    // the screen in a render of their own (a deferred copy): until then the tab still says it is loading.
    let answerFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    fakeApi(async ({ path }) => {
      if (path === '/api/user-portal/organizations/org-1/sites')
        return {
          items: [
            {
              id: 'site-a',
              name: 'Head office',
              address: '',
              latitude: null,
              longitude: null,
              hasDeviceError: false,
            },
          ],
          next_cursor: null,
        };
      if (path.endsWith('/sites-status')) return { items: [], next_cursor: null };
      if (path === '/api/user-portal/sites/site-a/devices') {
        await firstAnswered;
        return { devices: [camera] };
      }
      return { devices: [] };
    });
    const saidNone: string[] = [];
    // Every node ever added, even one a later render of the same moment removed again.
    const watcher = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node.textContent?.includes('This customer has no devices.')) saidNone.push(node.textContent);
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderWithProviders(
      <MemoryRouter initialEntries={['/account/org-1/device']}>
        <Routes>
          <Route path="/account/:orgId/device" element={<OrganizationDeviceTab />} />
        </Routes>
      </MemoryRouter>,
    );
    // The second platform has answered (with none) while the first still loads.
    await vi.waitFor(() => expect(screen.queryByText(/Server platform: loading/)).toBeNull(), {
      timeout: 15_000,
    });
    answerFirst();
    expect(await screen.findByText('Lobby cam', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('1 of 1 devices')).toBeTruthy();
    watcher.disconnect();
    expect(saidNone).toEqual([]);
  });

  it("says a platform failed when none of its sites' devices loaded, and loaded when some did", async () => {
    const site = (id: string, name: string) => ({
      id,
      name,
      address: '',
      latitude: null,
      longitude: null,
      hasDeviceError: false,
    });
    fakeApi(({ path }) => {
      if (path === '/api/user-portal/organizations/org-2/sites')
        return { items: [site('site-a', 'Head office'), site('site-b', 'Warehouse')], next_cursor: null };
      if (path.endsWith('/sites-status')) return { items: [], next_cursor: null };
      if (path === '/api/user-portal/sites/site-a/devices') return { devices: [camera] };
      // The cloud platform loses one site of two; the server platform loses both.
      return new Response(JSON.stringify({ detail: 'Unavailable' }), { status: 502 });
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/account/org-2/device']}>
        <Routes>
          <Route path="/account/:orgId/device" element={<OrganizationDeviceTab />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Server platform: failed to load', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Cloud platform: loaded')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Sites not loaded: Warehouse');
  });
});
