import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const never = () => new Promise<string>(() => undefined);
/** 14:07 local time: the marking shows the viewer's clock. */
const FETCHED_AT = new Date(2026, 10, 25, 14, 7, 30).getTime();

afterEach(async () => {
  onlineManager.setOnline(true);
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
});

describe('offline marking (issue 24 point 7)', () => {
  it('keeps the data on screen offline, marked "Offline — last updated HH:mm", and drops the mark back online', async () => {
    const { queryClient } = renderWithProviders(
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
    renderWithProviders(
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
    renderWithProviders(
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
