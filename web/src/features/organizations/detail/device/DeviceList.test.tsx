import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { buildFirstPlatformDevice as device } from '@/test/device-factory.ts';
import { fakeApi, requestsTo } from '@/test/fake-api.ts';
import { buildIncident } from '@/test/incident-factory.ts';
import { DeviceList } from './DeviceList.tsx';
import { firstPlatformRow } from './device-row.ts';
import '@/test/stub-resize-observer.ts';

await initI18n('en');

const sites = new Map([['site-a', 'Head office']]);
const rows = [
  firstPlatformRow(device({}), sites, '2025-03-07'),
  firstPlatformRow(
    device({ id: 'cam-2', deviceName: 'Gate cam', licenses: [], lastOnlineTime: null }),
    sites,
    '2025-03-07',
  ),
];

// A device's history: one open and one resolved incident, newest first as the server lists them.
const history = [
  buildIncident({ deviceId: 'cam-1', deviceName: 'Lobby cam', type: 'RECORDING_FAILED' }),
  buildIncident({
    deviceId: 'cam-1',
    deviceName: 'Lobby cam',
    startedAt: new Date(2025, 2, 1, 8, 0).toISOString(),
    resolvedAt: new Date(2025, 2, 1, 9, 30).toISOString(),
    acknowledgedAt: new Date(2025, 2, 1, 8, 10).toISOString(),
    acknowledgedBy: 'Dana',
  }),
];
let network: ReturnType<typeof fakeApi>;
beforeEach(() => {
  network = fakeApi(({ path, query }) => {
    if (path === '/api/user-portal/companies/incidents' && query.get('deviceId') === 'cam-1') {
      return { items: history, next_cursor: null, total: history.length };
    }
    return { items: [], next_cursor: null, total: 0 };
  });
});
afterAll(() => vi.unstubAllGlobals());

/** The list of `rows`, with Lobby cam's detail opened from its row. */
async function openLobbyCamDetail() {
  renderWithProviders(
    <MemoryRouter>
      <DeviceList orgId="org-1" rows={rows} />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByText('Lobby cam'));
  return screen.findByRole('dialog', { name: /Lobby cam/ });
}

describe('device list', () => {
  it("the details scroll in a region a keyboard can reach, named by the device's name", async () => {
    const dialog = await openLobbyCamDetail();
    const details = within(dialog).getByRole('region', { name: /Lobby cam/ });
    expect(details.tabIndex).toBe(0);
  });

  it('shows server, firmware, IP and MAC, last online and health times, and the grant label', () => {
    renderWithProviders(
      <MemoryRouter>
        <DeviceList orgId="org-1" rows={rows} />
      </MemoryRouter>,
    );
    const [lobby, gate] = screen.getAllByTestId('device-row');
    const first = within(lobby as HTMLElement);
    expect(first.getByText('Server: Main NVR')).toBeTruthy();
    expect(first.getByText('MD-1 · Firmware 2.4.1')).toBeTruthy();
    expect(first.getByText('10.0.0.21 · 00:1A:2B:3C:4D:5E')).toBeTruthy();
    expect(first.getByText('Last online 25/03/07 09:05')).toBeTruthy();
    expect(first.getByText('Health time 25/03/06 22:40')).toBeTruthy();
    expect(first.getByText('Granted')).toBeTruthy();
    const second = within(gate as HTMLElement);
    expect(second.getByText('Not granted')).toBeTruthy();
    expect(second.getByText('Last online —')).toBeTruthy();
  });

  it('opens a device detail with every field from a row', async () => {
    const dialog = await openLobbyCamDetail();
    const detail = within(dialog);
    for (const text of [
      'Main NVR',
      'MD-1',
      '2.4.1',
      '00:1A:2B:3C:4D:5E',
      '25/03/07 09:05',
      '25/03/06 22:40',
      'Head office',
      'Granted',
      'cam-1',
    ]) {
      expect(detail.getByText(text), text).toBeTruthy();
    }
    expect(dialog.textContent).toContain('10.0.0.21192.168.1.21');
    await userEvent.click(detail.getByRole('button', { name: 'Close' }));
  });

  it('marks the devices with open incidents', () => {
    renderWithProviders(
      <MemoryRouter>
        <DeviceList
          orgId="org-1"
          rows={rows}
          openIncidents={new Map([['cam-2', [history[0], history[0]]]])}
        />
      </MemoryRouter>,
    );
    const [lobby, gate] = screen.getAllByTestId('device-row');
    expect(within(lobby as HTMLElement).queryByTestId('open-incidents')).toBeNull();
    expect(within(gate as HTMLElement).getByTestId('open-incidents').textContent).toBe('2 open incidents');
  });

  it("shows the device's incident history in its detail, newest first, open ones highlighted", async () => {
    const dialog = await openLobbyCamDetail();
    const items = await within(dialog).findAllByTestId('device-incident');
    expect(items.map((item) => item.dataset.state)).toEqual(['open', 'resolved']);
    expect(items[0]?.textContent).toContain('SD card error');
    expect(items[1]?.textContent).toContain('Camera offline');
    expect(items[1]?.textContent).toContain('25/03/01 08:00 – 25/03/01 09:30 · acknowledged by Dana');
    const [request] = requestsTo(network, '/api/user-portal/companies/incidents');
    expect(Object.fromEntries(request?.searchParams ?? [])).toMatchObject({
      deviceId: 'cam-1',
      organizationId: 'org-1',
      state: 'all',
    });
  });

  it('reads in Traditional Chinese', async () => {
    await i18n.changeLanguage('zh-TW');
    try {
      renderWithProviders(
        <MemoryRouter>
          <DeviceList orgId="org-1" rows={rows} />
        </MemoryRouter>,
      );
      expect(screen.getByText('已授權')).toBeTruthy();
      expect(screen.getByText('最後上線 25/03/07 09:05')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
