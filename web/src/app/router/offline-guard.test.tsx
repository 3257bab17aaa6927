import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { ApiError, NETWORK_FAILURE_MESSAGE } from '@/shared/lib/api-error.ts';
import { buildAccount, fakeSession } from '@/test/account-doubles.ts';
import { renderRoutes } from '@/test/render-routes.tsx';

await initI18n('en');

// Generous: the first page's route modules are transformed on first import in a test run, and a loaded machine
// takes its time (it timed out at 10 s at load 17). A deadline, not a speed check.
const SETTLE = { timeout: 30_000 };
const offlineHeading = () => screen.findByRole('heading', { name: 'You are offline' }, SETTLE);

afterEach(() => onlineManager.setOnline(true));

describe('navigation guard offline (issue 24 point 7)', () => {
  it('shows the offline screen, not a sign-out, when a signed-in page opens offline; loads it when back online', async () => {
    onlineManager.setOnline(false);
    const session = fakeSession(buildAccount({ role: 'dealer' }));
    const router = renderRoutes('/my-company', session);
    expect(await offlineHeading()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(session.signOut).not.toHaveBeenCalled();
    expect(session.loadAccount).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/my-company');

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(session.loadAccount).toHaveBeenCalled(), SETTLE);
    await waitFor(
      () => expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull(),
      SETTLE,
    );
    expect(router.state.location.pathname).toBe('/my-company');
    expect(session.signOut).not.toHaveBeenCalled();
  });

  it('keeps the session when the server cannot be reached for the company info', async () => {
    const session = fakeSession(buildAccount({ role: 'dealer' }));
    vi.mocked(session.loadAccount).mockRejectedValueOnce(
      new ApiError({
        type: 'unexpected',
        message: NETWORK_FAILURE_MESSAGE,
        messageKey: 'errors.networkFailed',
      }),
    );
    const router = renderRoutes('/my-company', session);
    expect(await offlineHeading()).toBeTruthy();
    expect(session.signOut).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/my-company');
  });
});
