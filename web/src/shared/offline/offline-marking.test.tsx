import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { renderWithProviders } from '@/shared/ui/testing/render-with-providers.tsx';
import { OfflineGate } from './OfflineGate.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';

await initI18n('en');

/** A screen showing one query's data, as the pages do. */
function DeviceScreen({ load }: { load: () => Promise<string> }) {
  const devices = useQuery({ queryKey: ['devices'], queryFn: load, staleTime: Number.POSITIVE_INFINITY });
  return <p>{devices.data ?? 'Loading…'}</p>;
}

/** A second part of a screen whose query starts later (as one that waits for a token). */
function ChartPart({ load }: { load: () => Promise<string> }) {
  const [ready, setReady] = useState(false);
  const chart = useQuery({ queryKey: ['chart'], queryFn: load, enabled: ready });
  return (
    <button type="button" onClick={() => setReady(true)}>
      {chart.data ?? 'Chart loading…'}
    </button>
  );
}

const never = () => new Promise<string>(() => undefined);
const renderAt = (ui: ReactElement) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);
/** 14:07 local time: the marking shows the viewer's clock. */
const FETCHED_AT = new Date(2026, 10, 25, 14, 7, 30).getTime();

afterEach(async () => {
  onlineManager.setOnline(true);
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

describe('offline marking (issue 24 point 7)', () => {
  it('keeps a screen opened online when the network goes, also while a part of it is still loading', async () => {
    const { queryClient } = renderAt(
      <>
        <OfflineNotice />
        <OfflineGate>
          <DeviceScreen load={never} />
          <ChartPart load={never} />
        </OfflineGate>
      </>,
    );
    act(() => queryClient.setQueryData(['devices'], 'Camera 7 is down', { updatedAt: FETCHED_AT }));
    expect(await screen.findByText('Camera 7 is down')).toBeTruthy();
    act(() => onlineManager.setOnline(false));
    // The chart's request pauses without data; the screen stays as it was, under the marking.
    await userEvent.click(screen.getByRole('button', { name: 'Chart loading…' }));
    await waitFor(() => expect(queryClient.getQueryState(['chart'])?.fetchStatus).toBe('paused'));
    expect(screen.getByRole('status').textContent).toBe('Offline — last updated 14:07');
    expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull();
    expect(getComputedStyle(screen.getByText('Camera 7 is down').parentElement as HTMLElement).display).toBe(
      'contents',
    );
  });

  it('opens a screen offline with the data seen before, a part of it still waiting', async () => {
    const { queryClient } = renderAt(
      <>
        <OfflineNotice />
        <OfflineGate>
          <Routes>
            <Route path="/" element={<Link to="/devices">Devices</Link>} />
            <Route
              path="/devices"
              element={
                <>
                  <DeviceScreen load={never} />
                  <ChartPart load={never} />
                </>
              }
            />
          </Routes>
        </OfflineGate>
      </>,
    );
    // Seen online before: the devices with data, the chart asked for but not loaded.
    queryClient.setQueryData(['devices'], 'Camera 7 is down', { updatedAt: FETCHED_AT });
    queryClient.getQueryCache().build(queryClient, { queryKey: ['chart'] });
    act(() => onlineManager.setOnline(false));
    await userEvent.click(screen.getByRole('link', { name: 'Devices' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Chart loading…' }));
    await waitFor(() => expect(queryClient.getQueryState(['chart'])?.fetchStatus).toBe('paused'));
    expect(screen.getByText('Camera 7 is down')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Offline — last updated 14:07');
  });

  it('keeps the data on screen offline, marked "Offline — last updated HH:mm", and drops the mark back online', async () => {
    const { queryClient } = renderAt(
      <>
        <OfflineNotice />
        <OfflineGate>
          <DeviceScreen load={never} />
        </OfflineGate>
      </>,
    );
    act(() => queryClient.setQueryData(['devices'], 'Camera 7 is down', { updatedAt: FETCHED_AT }));
    expect(await screen.findByText('Camera 7 is down')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toBe('Offline — last updated 14:07');
    expect(screen.getByText('Camera 7 is down')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull();

    await act(() => i18n.changeLanguage('zh-TW'));
    expect(screen.getByRole('status').textContent).toBe('離線——最後更新於 14:07');

    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Camera 7 is down')).toBeTruthy();
  });

  it('shows a screen never loaded a clear offline message with Try again, and the screen once the network returns', async () => {
    onlineManager.setOnline(false);
    let answer: (devices: string) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    renderAt(
      <>
        <OfflineNotice />
        <OfflineGate>
          <DeviceScreen load={load} />
        </OfflineGate>
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Offline — waiting for the connection');
    // The screen stays mounted (its query goes on) but out of sight.
    expect(getComputedStyle(screen.getByText('Loading…').parentElement as HTMLElement).display).toBe('none');
    expect(load).not.toHaveBeenCalled();

    // Try again asks the server; it does not answer (still offline), so the message stays.
    const probe = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', probe);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(probe).toHaveBeenCalledWith('/healthz', { cache: 'no-store' }));
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeTruthy();

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(load).toHaveBeenCalled());
    act(() => answer('Camera 7 is down'));
    expect(await screen.findByText('Camera 7 is down')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Try again brings the screen when the server answers although the browser still says offline', async () => {
    onlineManager.setOnline(false);
    const load = vi.fn(async () => 'Camera 7 is down');
    renderAt(
      <OfflineGate>
        <DeviceScreen load={load} />
      </OfflineGate>,
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"status":"ok"}')),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Camera 7 is down')).toBeTruthy();
  });
});
