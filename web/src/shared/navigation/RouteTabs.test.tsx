import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { type RouteTab, RouteTabs } from './RouteTabs.tsx';
import { pathTo, ROUTE } from './route-names.ts';

await initI18n('en');

const TABS: RouteTab[] = [
  { route: ROUTE.ORGANIZATION_DETAIL_OVERVIEW, labelKey: 'organizationDetail.overview' },
  { route: ROUTE.ORGANIZATION_DETAIL_DEVICE, labelKey: 'organizationDetail.device' },
  { route: ROUTE.ORGANIZATION_DETAIL_LICENSE, labelKey: 'organizationDetail.license' },
].map((tab) => ({ ...tab, to: pathTo(tab.route, { orgId: 'org-1' }) }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/account/:orgId',
        element: (
          <>
            <RouteTabs tabs={TABS} labelKey="organizationDetail.tabs" />
            <Outlet />
          </>
        ),
        children: TABS.map((tab) => ({ id: tab.route, path: tab.to.split('/').pop(), element: null })),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteTabs', () => {
  it('selects the tab of the matched route, the strip’s one tab stop, each tab a link to its route', () => {
    renderAt('/account/org-1/device');
    expect(screen.getByRole('tablist', { name: 'Customer sections' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Device', 'License']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    expect(tabs.map((tab) => tab.getAttribute('href'))).toEqual([
      '/account/org-1/overview',
      '/account/org-1/device',
      '/account/org-1/license',
    ]);
  });

  it('moves the focus with the arrows, Home and End, and opens a tab with Enter', async () => {
    const user = userEvent.setup();
    const router = renderAt('/account/org-1/overview');
    const [overview, device, license] = screen.getAllByRole('tab');
    await user.tab();
    expect(document.activeElement).toBe(overview);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(device);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(license);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(overview);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(license);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/account/org-1/license');
    expect(await screen.findByRole('tab', { name: 'License', selected: true })).toBeTruthy();
  });
});
