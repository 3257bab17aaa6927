import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { TwoStepSetupRequiredError } from '@/shared/session/two-step-setup-required.ts';
import { buildAccount, fakeSession } from '@/test/account-doubles.ts';
import { renderRoutes } from '@/test/render-routes.tsx';

beforeAll(() => initI18n('en'));

/** Issue 25 item 7: a member the company's two-step policy holds back lands on the setup page. */
describe('the company’s two-step sign-in policy', () => {
  it.each(['/dashboard', '/my-company', '/'])('sends %s to the setup page, still signed in', async (path) => {
    const session = fakeSession(buildAccount());
    vi.mocked(session.loadAccount).mockRejectedValue(new TwoStepSetupRequiredError());
    const router = renderRoutes(path, session);
    await waitFor(() => expect(router.state.location.pathname).toBe('/two-step-setup'));
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeTruthy();
    expect(session.signOut).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor of the setup page to the login', async () => {
    const router = renderRoutes('/two-step-setup', fakeSession(null));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
