import type { Incident } from '@portal/contracts/incidents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { fakeApi, requestsTo } from '@/test/fake-api.ts';
import { buildIncident, buildIncidentDetail } from '@/test/incident-factory.ts';
import { IncidentsPage } from './IncidentsPage.tsx';

const HARBOUR = '11111111-1111-4111-8111-111111111111';
const customers = [
  {
    id: HARBOUR,
    name: 'Harbour Cafe',
    reference: '',
    siteCount: 1,
    license: { expired: 0, expireSoon: 0, unlicensed: 0 },
    devices: { total: 3, offline: 1, abnormal: 1 },
  },
];

let listed: Incident[];
let nextCursor: string | null;
/** The server's total for the filters; null: as many as listed. */
let listTotal: number | null;
let listFails: boolean;
let acknowledge: (id: string) => unknown;
let network: ReturnType<typeof fakeApi>;

beforeAll(() => initI18n('en'));
let success: MockInstance<typeof toast.success>;
let failure: MockInstance<typeof toast.error>;
beforeEach(() => {
  success = vi.spyOn(toast, 'success').mockReturnValue('');
  failure = vi.spyOn(toast, 'error').mockReturnValue('');
  nextCursor = null;
  listTotal = null;
  listFails = false;
  listed = [
    buildIncident({ id: '7', deviceName: 'Lobby cam' }),
    buildIncident({
      id: '6',
      category: 'SERVER',
      type: 'OFFLINE',
      deviceName: 'Main NVR',
      deviceType: 'NVR',
      affectedDevices: 12,
      acknowledgedAt: new Date().toISOString(),
      acknowledgedBy: 'Ann Owner',
    }),
  ];
  acknowledge = (id) => ({
    ...listed.find((incident) => incident.id === id),
    acknowledgedAt: new Date().toISOString(),
    acknowledgedBy: 'Dana Dealer',
  });
  network = fakeApi(({ method, path, query }) => {
    if (path === '/api/user-portal/companies/organizations') return { items: customers };
    if (path === '/api/user-portal/companies/incidents') {
      if (listFails) return new Response(JSON.stringify({ detail: 'down' }), { status: 503 });
      return query.get('cursor') === 'page-2'
        ? { items: [buildIncident({ id: '1', deviceName: 'Gate cam' })], next_cursor: null, total: null }
        : { items: listed, next_cursor: nextCursor, total: listTotal ?? listed.length };
    }
    const ack = path.match(/^\/api\/user-portal\/companies\/incidents\/(\d+)\/acknowledge$/);
    if (method === 'POST' && ack) return acknowledge(ack[1]!);
    const detail = path.match(/^\/api\/user-portal\/companies\/incidents\/(\d+)$/);
    if (detail) {
      const incident = listed.find((item) => item.id === detail[1])!;
      // Recorded events only (no 'opened': an incident from before timelines were kept); the drawer adds it.
      return buildIncidentDetail(incident, [
        { at: new Date().toISOString(), kind: 'acknowledged', by: 'Ann Owner' },
      ]);
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => vi.unstubAllGlobals());

function renderPage(url = '/incidents', loader?: () => Promise<null>) {
  const router = createMemoryRouter(
    [{ path: '/incidents', element: <IncidentsPage />, ...(loader && { loader }) }],
    {
      initialEntries: [url],
    },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** The query string of the last GET /companies/incidents (the list, not a detail). */
const lastListQuery = () =>
  Object.fromEntries(requestsTo(network, '/api/user-portal/companies/incidents').at(-1)?.searchParams ?? []);

describe('incidents page', () => {
  it('lists open incidents by default: type wording, device, customer link, duration, acknowledged by, affected', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('incident-row');
    expect(rows).toHaveLength(2);
    const lobby = within(rows[0]!);
    expect(lobby.getByText('Camera offline')).toBeTruthy();
    expect(lobby.getByRole('link', { name: 'Harbour Cafe' }).getAttribute('href')).toBe(
      `/account/${HARBOUR}/overview`,
    );
    expect(lobby.getByText('for 2 h')).toBeTruthy();
    expect(lobby.getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
    const nvr = within(rows[1]!);
    expect(nvr.getByText('Server offline')).toBeTruthy();
    expect(nvr.getByText('12 devices')).toBeTruthy();
    expect(nvr.getByText('Ann Owner')).toBeTruthy();
    // Acknowledged already: no button.
    expect(nvr.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(lastListQuery()).toEqual({ state: 'open', limit: '50' });
    expect(screen.getByTestId('updated-at').textContent).toMatch(/^Updated \d\d:\d\d:\d\d$/);
  });

  it('sends the filters of the URL to the server, age as since', async () => {
    // A fixed clock (only Date: the page's timers and user events run as usual), so `since` is exact
    // however long the render takes.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T05:06:07.000Z'));
    try {
      renderPage(`/incidents?state=all&category=CAMERA&type=OFFLINE&customer=${HARBOUR}&age=24h`);
      await screen.findAllByTestId('incident-row');
      expect(lastListQuery()).toEqual({
        state: 'all',
        category: 'CAMERA',
        type: 'OFFLINE',
        organizationId: HARBOUR,
        since: '2026-03-03T05:06:07.000Z',
        limit: '50',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a filter chosen on the page goes to the URL and to the server', async () => {
    const router = renderPage();
    await screen.findAllByTestId('incident-row');
    await userEvent.click(screen.getByRole('button', { name: 'Resolved' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=resolved'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ state: 'resolved' }));

    // Type, from every category's types: sets the category too.
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Server offline' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('category')).toBe('SERVER'),
    );
    await waitFor(() => expect(lastListQuery()).toMatchObject({ category: 'SERVER', type: 'OFFLINE' }));

    // A category without that type drops it.
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cyber security related' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=resolved&category=CYBER'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Started' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(lastListQuery()).toHaveProperty('since'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=resolved'));
  });

  it('a second filter change while the first still navigates (the guard loader runs) keeps both', async () => {
    const slowLoader = () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 150));
    const router = renderPage('/incidents?state=all&category=CAMERA', slowLoader);
    await screen.findAllByTestId('incident-row', {}, { timeout: 30_000 });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(
      within(screen.getByRole('group', { name: 'State' })).getByRole('button', { name: 'Open' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.search).toBe('');
  });

  it('acknowledge updates the row at once and says so', async () => {
    renderPage();
    const [lobby] = await screen.findAllByTestId('incident-row');
    await userEvent.click(within(lobby!).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(within(lobby!).getByText('Dana Dealer')).toBeTruthy());
    expect(within(lobby!).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    const post = network.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toMatch(/\/api\/user-portal\/companies\/incidents\/7\/acknowledge$/);
    expect(success).toHaveBeenCalledWith('Saved successfully!');
  });

  it('a failed acknowledge keeps the button', async () => {
    acknowledge = () => new Response(JSON.stringify({ detail: 'boom' }), { status: 500 });
    renderPage();
    const [lobby] = await screen.findAllByTestId('incident-row');
    await userEvent.click(within(lobby!).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(network.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(within(lobby!).getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
    expect(within(lobby!).queryByText('Dana Dealer')).toBeNull();
    expect(failure).toHaveBeenCalledWith('Failed to save.');
  });

  it('mutes a device for a chosen duration', async () => {
    renderPage();
    const [lobby] = await screen.findAllByTestId('incident-row');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    network.mockImplementationOnce(
      async () => new Response(JSON.stringify({ deviceId: listed[0]!.deviceId, mutedUntil: until })),
    );
    await userEvent.click(within(lobby!).getByRole('button', { name: 'Mute Lobby cam' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mute for 1 hour' }));
    await waitFor(() => expect(within(lobby!).getByText(/^Muted until /)).toBeTruthy());
    const [url, init] = network.mock.calls.find(([, call]) => call?.method === 'POST') ?? [];
    expect(String(url)).toMatch(new RegExp(`/companies/devices/${listed[0]!.deviceId}/mute$`));
    expect(JSON.parse(String(init?.body))).toEqual({ minutes: 60 });
  });

  it('loads more through next_cursor, saying how many of the total are shown', async () => {
    nextCursor = 'page-2';
    listTotal = 3;
    renderPage();
    await screen.findAllByTestId('incident-row');
    expect(screen.getByTestId('incident-count').textContent).toBe('2 of 3 incidents');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('incident-row')).toHaveLength(3));
    expect(lastListQuery()).toMatchObject({ cursor: 'page-2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByTestId('incident-count').textContent).toBe('3 incidents');
  });

  it('puts Load more below the list only once every loaded incident is shown (it would move down as they render in steps)', async () => {
    listed = Array.from({ length: 12 }, (_, index) =>
      buildIncident({ id: String(100 + index), deviceName: `Camera ${index}` }),
    );
    nextCursor = 'page-2';
    listTotal = 13;
    // The number of incident rows on the page each time the button is added to it.
    const rowsWhenAdded: number[] = [];
    const observer = new MutationObserver(() => {
      const button = screen.queryByRole('button', { name: 'Load more' });
      if (button && !button.hasAttribute('data-seen')) {
        button.setAttribute('data-seen', '');
        rowsWhenAdded.push(screen.queryAllByTestId('incident-row').length);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      renderPage();
      await screen.findByRole('button', { name: 'Load more' }, { timeout: 30_000 });
      expect(rowsWhenAdded).toEqual([12]);
    } finally {
      observer.disconnect();
    }
  });

  it('gives the total for the filters, grouped the way the language writes numbers', async () => {
    nextCursor = 'page-2';
    listTotal = 1234;
    renderPage('/incidents?category=CAMERA');
    await screen.findAllByTestId('incident-row');
    expect(screen.getByTestId('incident-count').textContent).toBe('2 of 1,234 incidents');
    expect(lastListQuery()).toMatchObject({ category: 'CAMERA' });
  });

  it('opens the timeline of a row from the URL-backed drawer', async () => {
    const router = renderPage();
    const [lobby] = await screen.findAllByTestId('incident-row');
    await userEvent.click(within(lobby!).getByText('Camera offline'));
    const drawer = await screen.findByRole('dialog', { name: 'Camera offline' });
    expect(router.state.location.search).toBe('?incident=7');
    const events = await within(drawer).findAllByTestId('timeline-event');
    expect(events.map((event) => event.textContent?.replace(/\d\d\/.*$/, ''))).toEqual([
      'Acknowledged by Ann Owner',
      'Opened',
    ]);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the incident a notification e-mail links to (/incidents?state=all&incident=<id>)', async () => {
    renderPage('/incidents?state=all&incident=6');
    const drawer = await screen.findByRole('dialog', { name: 'Server offline' });
    expect(await within(drawer).findAllByTestId('timeline-event')).not.toHaveLength(0);
    expect(lastListQuery()).toMatchObject({ state: 'all' });
  });

  it('shows an empty state', async () => {
    listed = [];
    renderPage();
    expect(await screen.findByText('No open incidents. Every device is healthy.')).toBeTruthy();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    listFails = true;
    renderPage();
    expect(
      await screen.findByText('The incidents could not be loaded.', {}, { timeout: 30_000 }),
    ).toBeTruthy();
    listFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('incident-row')).toHaveLength(2);
  });

  it('reads in Traditional Chinese', async () => {
    await i18n.changeLanguage('zh-TW');
    try {
      renderPage();
      const [lobby] = await screen.findAllByTestId('incident-row');
      expect(within(lobby!).getByText('攝影機離線')).toBeTruthy();
      expect(within(lobby!).getByText('已持續 2 小時')).toBeTruthy();
      expect(within(lobby!).getByRole('button', { name: '確認' })).toBeTruthy();
      expect(screen.getByTestId('incident-count').textContent).toBe('共 2 件事件');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
