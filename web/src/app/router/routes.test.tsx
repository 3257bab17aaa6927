import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { ROUTE } from '@/shared/navigation/route-names.ts';
import { buildAccount, fakeSession } from '@/test/account-doubles.ts';
import { renderRoutes } from '@/test/render-routes.tsx';
import type { Guard } from './guard.ts';
import type { RouteMeta } from './route-meta.ts';
import { createRoutes } from './routes.tsx';

await initI18n('en');

// Lazy pages are transformed on first import: real feature pages take longer than waitFor's default second,
// and on a loaded 2-core machine the first test's transform took more than 10 s. Ceilings, not speeds.
const SETTLE = { timeout: 60_000 };
vi.setConfig({ testTimeout: 90_000 });

async function settlesAt(router: ReturnType<typeof renderRoutes>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname), SETTLE);
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'), SETTLE);
}

describe('account/:orgId children', () => {
  const dealer = () => fakeSession(buildAccount({ role: 'dealer' }));

  it('redirects the empty child to overview', async () => {
    await settlesAt(renderRoutes('/account/org-7', dealer()), '/account/org-7/overview');
  });

  it('redirects an unknown child to overview', async () => {
    await settlesAt(renderRoutes('/account/org-7/settings', dealer()), '/account/org-7/overview');
    await settlesAt(renderRoutes('/account/org-7/device/extra', dealer()), '/account/org-7/overview');
  });

  it('keeps the known children', async () => {
    for (const child of ['overview', 'device', 'license']) {
      await settlesAt(renderRoutes(`/account/org-7/${child}`, dealer()), `/account/org-7/${child}`);
    }
  });

  it('shows the internal layout with its back button and title', async () => {
    renderRoutes('/account/org-7/license', dealer());
    expect(await screen.findByRole('heading', { level: 1, name: 'My Customer Detail' }, SETTLE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });
});

describe('navigation guard', () => {
  it('sends visitors without a session to /login', async () => {
    await settlesAt(renderRoutes('/account/org-7/device', fakeSession(null)), '/login');
    await settlesAt(renderRoutes('/my-company', fakeSession(null)), '/login');
    await settlesAt(renderRoutes('/', fakeSession(null)), '/login');
  });

  it('signs out and goes to /login when company info cannot be loaded', async () => {
    const session = fakeSession(buildAccount(), { accountFails: true });
    await settlesAt(renderRoutes('/my-company', session), '/login');
    expect(session.signOut).toHaveBeenCalled();
  });

  it('shows Not found when the role check fails', async () => {
    const router = renderRoutes('/dashboard', fakeSession(buildAccount({ role: 'disty' })));
    expect(await screen.findByRole('heading', { name: 'Not found' }, SETTLE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lands dealers on the customer list and the roles above them on their partners', async () => {
    await settlesAt(renderRoutes('/', fakeSession(buildAccount({ role: 'dealer' }))), '/account');
    await settlesAt(renderRoutes('/', fakeSession(buildAccount({ role: 'hq-pm' }))), '/partners');
    await settlesAt(renderRoutes('/', fakeSession(buildAccount({ role: 'disty' }))), '/partners');
  });

  it('shows Not found to a dealer opening /partners or a drill-down (issue 16)', async () => {
    const dealer = fakeSession(buildAccount({ role: 'dealer' }));
    renderRoutes('/partners', dealer);
    expect(await screen.findByRole('heading', { name: 'Not found' }, SETTLE)).toBeTruthy();
  });

  it('sends signed-in users away from /login and /forgot-password', async () => {
    await settlesAt(renderRoutes('/login', fakeSession(buildAccount())), '/account');
    await settlesAt(renderRoutes('/forgot-password', fakeSession(buildAccount())), '/account');
  });

  it('allows /set-new-password only while a new-password challenge is pending', async () => {
    await settlesAt(renderRoutes('/set-new-password', fakeSession(null)), '/login');
  });

  it('shows Not found for unknown paths without a session', async () => {
    const router = renderRoutes('/no/such/page', fakeSession(null));
    expect(await screen.findByRole('heading', { name: 'Not found' }, SETTLE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });
});

describe('/my-company tabs', () => {
  it('opens the Notifications tab by its own URL for dealers, under the My Company title', async () => {
    const router = renderRoutes('/my-company/notifications', fakeSession(buildAccount({ role: 'dealer' })));
    await settlesAt(router, '/my-company/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Company' }, SETTLE)).toBeTruthy();
    const tab = await screen.findByRole('tab', { name: 'Notifications' }, SETTLE);
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });

  it('opens the Activity tab for every role, without Notifications for partners (issue 27)', async () => {
    const router = renderRoutes('/my-company/activity', fakeSession(buildAccount({ role: 'disty' })));
    await settlesAt(router, '/my-company/activity');
    const tab = await screen.findByRole('tab', { name: 'Activity' }, SETTLE);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Company' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Notifications' })).toBeNull();
  });

  it('shows Not found for the Notifications tab to other roles', async () => {
    const router = renderRoutes('/my-company/notifications', fakeSession(buildAccount({ role: 'disty' })));
    expect(await screen.findByRole('heading', { name: 'Not found' }, SETTLE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-company/notifications');
  });

  it('opens a webhook page in the internal layout with a back button', async () => {
    renderRoutes('/my-company/notifications/webhooks/wh-1', fakeSession(buildAccount({ role: 'dealer' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhook' }, SETTLE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });
});

describe('the partner view of a dealer (issue 16)', () => {
  const routes = createRoutes({} as Guard);
  const byId = (id: string, list: RouteObject[] = routes): RouteObject | undefined => {
    for (const route of list) {
      if (route.id === id) return route;
      const found = route.children && byId(id, route.children);
      if (found) return found;
    }
    return undefined;
  };
  const pairs = [
    [ROUTE.DASHBOARD, ROUTE.PARTNER_VIEW_DASHBOARD],
    [ROUTE.ORGANIZATION, ROUTE.PARTNER_VIEW_CUSTOMERS],
    [ROUTE.ORGANIZATION_DETAIL, ROUTE.PARTNER_VIEW_CUSTOMER_DETAIL],
    [ROUTE.ORGANIZATION_DETAIL_OVERVIEW, ROUTE.PARTNER_VIEW_CUSTOMER_OVERVIEW],
    [ROUTE.ORGANIZATION_DETAIL_DEVICE, ROUTE.PARTNER_VIEW_CUSTOMER_DEVICE],
    [ROUTE.ORGANIZATION_DETAIL_LICENSE, ROUTE.PARTNER_VIEW_CUSTOMER_LICENSE],
    [ROUTE.INCIDENTS, ROUTE.PARTNER_VIEW_INCIDENTS],
  ] as const;

  // The viewer's own customers are "My customer"; the dealer's, seen by a partner, are not.
  const viewTitles: Partial<Record<string, string>> = {
    [ROUTE.PARTNER_VIEW_CUSTOMERS]: 'routes.partnerViewCustomers',
    [ROUTE.PARTNER_VIEW_CUSTOMER_DETAIL]: 'routes.partnerViewCustomer',
  };

  it("renders the dealer's pages with the dealer's layouts and tab names, its customers under titles of their own, and no loader or access rule of its own", () => {
    for (const [dealerId, viewId] of pairs) {
      const dealer = byId(dealerId);
      const view = byId(viewId);
      const dealerMeta = dealer?.handle as RouteMeta;
      const viewMeta = view?.handle as RouteMeta;
      expect(view?.lazy, viewId).toEqual(dealer?.lazy);
      expect(view?.loader, viewId).toBeUndefined();
      expect(viewMeta.access, viewId).toBeUndefined();
      expect(viewMeta.titleKey, viewId).toBe(viewTitles[viewId] ?? dealerMeta.titleKey);
      expect(viewMeta.layout, viewId).toBe(dealerMeta.layout);
      expect(viewMeta.viewToggle, viewId).toBe(dealerMeta.viewToggle);
      // The detail's tabs read which dealer tab they are from the name.
      const isTab = dealerId.startsWith(`${ROUTE.ORGANIZATION_DETAIL}.`);
      expect(viewMeta.name, viewId).toBe(isTab ? dealerMeta.name : viewId);
    }
    expect((byId(ROUTE.ORGANIZATION)!.handle as RouteMeta).titleKey).toBe('routes.organizations');
    expect(byId(ROUTE.DASHBOARD)?.loader).toBeDefined();
    expect(byId(ROUTE.ORGANIZATION_DETAIL_DEVICE)?.loader).toBeDefined();
  });
});
