import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { buildAccount, fakeSession } from '@/test/account-doubles.ts';
import { renderRoutes } from '@/test/render-routes.tsx';
import { canAccess } from './router/access.ts';

await initI18n('en');

// The first signed-in render transforms the lazy layouts and pages; a loaded machine needs a generous deadline.
const SETTLE = { timeout: 45_000 };

/** Issue 23 point 13 (decision 0022): signed out the host's brand, signed in the company's vendor. */
describe('the brand of the signed-in company', { timeout: 90_000 }, () => {
  it('a Kestrel Eye company (Jade Harbor) sees Kestrel Eye in the header and the title on a Lumora host', async () => {
    renderRoutes('/account/org-7/license', fakeSession(buildAccount({ vendor: 'kestrel' })), 'lumora');
    const header = await screen.findByRole('banner', {}, SETTLE);
    expect(
      await within(header).findByRole('link', { name: 'Kestrel Eye Partner Center, go to home page' }),
    ).toBeTruthy();
    expect(header.textContent).not.toContain('Lumora');
    await waitFor(
      () => expect(document.title).toBe('My Customer Detail | Kestrel Eye Partner Center'),
      SETTLE,
    );
  });

  it('a Lumora company sees Lumora on a Kestrel Eye host', async () => {
    renderRoutes('/account/org-7/license', fakeSession(buildAccount({ vendor: 'lumora' })), 'kestrel');
    const header = await screen.findByRole('banner', {}, SETTLE);
    expect(
      await within(header).findByRole('link', { name: 'Lumora Partner Portal, go to home page' }),
    ).toBeTruthy();
  });

  it('keeps the company brand on Not found (a failed role check)', async () => {
    renderRoutes('/dashboard', fakeSession(buildAccount({ role: 'disty', vendor: 'kestrel' })), 'lumora');
    expect(await screen.findByRole('heading', { name: 'Not found' }, SETTLE)).toBeTruthy();
    expect(screen.getByText('Copyright © 2025 Kestrel Eye Ltd. All Rights Reserved.')).toBeTruthy();
  });

  it('signed out, the login page wears the host brand', async () => {
    renderRoutes('/login', fakeSession(null), 'kestrel');
    expect(
      await screen.findByText('Copyright © 2025 Kestrel Eye Ltd. All Rights Reserved.', {}, SETTLE),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Login | Kestrel Eye Partner Center'), SETTLE);
  });

  it('checks a route’s vendors against the company’s vendor (SPEC §6)', () => {
    const kestrelOnly = { vendors: ['kestrel'] } as const;
    expect(canAccess(kestrelOnly, buildAccount({ vendor: 'kestrel' }))).toBe(true);
    expect(canAccess(kestrelOnly, buildAccount({ vendor: 'lumora' }))).toBe(false);
    expect(canAccess({ vendors: [] }, buildAccount({ vendor: 'kestrel' }))).toBe(false);
  });
});
