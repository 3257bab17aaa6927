import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/features/dashboard/DashboardPage.tsx';
import { statisticsFixture } from '@/features/dashboard/test-fixtures.ts';
import { OrganizationListPage } from '@/features/organizations/OrganizationListPage.tsx';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/lib/toast.ts';
import { type LiveUpdatesOptions, useLiveUpdates } from '@/shared/live/use-live-updates.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { fakeApi, requestsTo } from '@/test/fake-api.ts';
import { sseStream } from '@/test/sse-stream.ts';
import '@/test/stub-resize-observer.ts';

// The server, as the network double: what it answers changes during a test, as device reports would change it.
let openIncidents: number;
let offline: number;
let events: () => Response;
let network: ReturnType<typeof fakeApi>;

const customer = () => ({
  id: 'org-1',
  name: 'Harbour Cafe',
  reference: 'REF',
  siteCount: 1,
  license: { expired: 0, expireSoon: 0, unlicensed: 0 },
  devices: { total: 5, offline, abnormal: offline },
});

beforeAll(() => initI18n('en'));
beforeEach(() => {
  openIncidents = 105;
  offline = 1;
  network = fakeApi(({ path }) => {
    if (path === '/api/user-portal/companies/events') return events();
    if (path === '/api/user-portal/companies/organizations') return { items: [customer()] };
    if (path === '/api/user-portal/companies/statistics') {
      const statistics = statisticsFixture();
      return { ...statistics, incidents: { ...statistics.incidents, open: openIncidents } };
    }
    if (path === '/api/user-portal/companies/statistics/customers')
      return { unit: 'devices', total: 0, items: [] };
    if (path === '/api/default/license/info') return { model: [] };
    if (path === '/api/default/license/quantity') return { items: [] };
    throw new Error(`unexpected ${path}`);
  });
});
afterAll(() => vi.unstubAllGlobals());

function Live(options: LiveUpdatesOptions) {
  useLiveUpdates(true, options);
  return null;
}

function renderScreens(options: LiveUpdatesOptions = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Live delayMs={10} {...options} />
            <DashboardPage />
            <OrganizationListPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

/** The stream's request waits until the returned function is called: the stream opens after the screens load. */
function answerStreamWhenOpened(stream: ReturnType<typeof sseStream>): () => void {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  events = (() => opened.then(stream.response)) as unknown as () => Response;
  return open;
}

/**
 * How long to wait for what follows at once on a quiet machine: rendering both screens in jsdom took
 * seconds at load 15-20. The 5 s the product promises is proven on a fake clock (live-invalidator.test.ts),
 * not here.
 */
const LOADED = { timeout: 60_000 } as const;

const summaryShows = async (count: number) =>
  waitFor(
    () => expect(within(screen.getByTestId('dashboard-summary')).getByText(String(count))).toBeTruthy(),
    LOADED,
  );

describe('live updates', { timeout: 120_000 }, () => {
  it('a change event refreshes the dashboard and the customer list, without reload', async () => {
    const stream = sseStream();
    events = stream.response;
    renderScreens();
    await summaryShows(105);
    expect(await screen.findByText('1 offline', {}, LOADED)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('updated-at').length).toBeGreaterThanOrEqual(2), LOADED);

    openIncidents = 106;
    offline = 2;
    const before = requestsTo(network, '/api/user-portal/companies/statistics').length;
    stream.change({ kinds: ['devices', 'incidents'], organizationIds: ['org-1'] });
    await summaryShows(106);
    await waitFor(() => expect(screen.getByText('2 offline')).toBeTruthy(), LOADED);
    // One refetch per change, not one per screen.
    expect(requestsTo(network, '/api/user-portal/companies/statistics').length).toBe(before + 1);
    // Only live data: the license catalogue is not refetched.
    expect(requestsTo(network, '/api/default/license/info')).toHaveLength(1);
  });

  it('when the stream opens after the screens have loaded, refetches what they show once (issue 24: it opens after the page settles)', async () => {
    const stream = sseStream();
    const open = answerStreamWhenOpened(stream);
    renderScreens();
    await summaryShows(105);
    // A change before the stream is open: no event will ever tell of it.
    openIncidents = 106;
    const before = requestsTo(network, '/api/user-portal/companies/statistics').length;
    open();
    await summaryShows(106);
    expect(requestsTo(network, '/api/user-portal/companies/statistics').length).toBe(before + 1);
  });

  it('a replaying server’s stream refetches only what changed while it was not open', async () => {
    const stream = sseStream({ replays: true });
    const open = answerStreamWhenOpened(stream);
    renderScreens();
    await summaryShows(105);
    expect(await screen.findByText('1 offline', {}, LOADED)).toBeTruthy();
    const statistics = () => requestsTo(network, '/api/user-portal/companies/statistics').length;
    const customers = () => requestsTo(network, '/api/user-portal/companies/organizations').length;
    const before = { statistics: statistics(), customers: customers() };
    open();
    // It asked for the changes since the page started: a whole number of milliseconds.
    await waitFor(() => expect(requestsTo(network, '/api/user-portal/companies/events')).toHaveLength(1));
    const asked = requestsTo(network, '/api/user-portal/companies/events')[0]?.searchParams.get('replayMs');
    expect(asked).toMatch(/^\d+$/);
    // Nothing was missed: nothing refetches.
    stream.replayed();
    // An incident changed meanwhile: what shows incidents refetches, the customer list (devices) does not.
    openIncidents = 106;
    stream.change({ kinds: ['incidents'], organizationIds: ['org-1'] });
    await summaryShows(106);
    expect(statistics()).toBe(before.statistics + 1);
    expect(customers()).toBe(before.customers);
  });

  it('without the stream, polls every live query instead', async () => {
    events = () => new Response('{}', { status: 503 });
    renderScreens({ pollMs: 300, retryDelaysMs: [60_000] });
    await summaryShows(105);
    openIncidents = 107;
    await summaryShows(107);
  });

  it.each([
    [
      'en',
      'Too many live update connections are open for your account. Close other tabs of the portal and try again.',
    ],
    ['zh-TW', '您的帳號開啟的即時更新連線過多。請關閉入口網站的其他分頁後再試一次。'],
  ] as const)(
    'says once, in %s, that the stream was refused for too many connections, and polls meanwhile',
    async (language, text) => {
      const warning = vi.spyOn(toast, 'warning').mockReturnValue('');
      await i18n.changeLanguage(language);
      try {
        events = () =>
          new Response(
            JSON.stringify({
              detail:
                'Too many live update connections are open for your account. Close other tabs of the portal and try again.',
            }),
            { status: 429, headers: { 'content-type': 'application/json' } },
          );
        renderScreens({ pollMs: 300, retryDelaysMs: [50] });
        await waitFor(
          () => expect(requestsTo(network, '/api/user-portal/companies/events').length).toBeGreaterThan(2),
          LOADED,
        );
        expect(warning.mock.calls).toEqual([[text]]);
        // The screens still follow the server, by polling.
        const before = requestsTo(network, '/api/user-portal/companies/statistics').length;
        await waitFor(
          () =>
            expect(requestsTo(network, '/api/user-portal/companies/statistics').length).toBeGreaterThan(
              before,
            ),
          LOADED,
        );
      } finally {
        await i18n.changeLanguage('en');
        warning.mockRestore();
      }
    },
  );
});
