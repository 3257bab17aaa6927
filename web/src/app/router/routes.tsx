import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { NotFoundPage } from '@/features/not-found/NotFoundPage.tsx';
import { AUTHENTICATED_ROUTE_ID } from '@/shared/navigation/route-ids.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { CompanyBrand } from '../layouts/CompanyBrand.tsx';
import { RouteLayout } from '../layouts/RouteLayout.tsx';
import { SignedInOutlet } from '../layouts/SignedInOutlet.tsx';
import { loadSignedInLayouts } from '../layouts/signed-in-layouts.ts';
import type { Guard } from './guard.ts';
import { landingRouteFor, PARTNER_ROLES } from './landing.ts';
import { lazyPages } from './lazy-pages.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { RouterHydrateFallback } from './RouterHydrateFallback.tsx';
import { loaderWithData, routeData } from './route-data-loaders.ts';
import type { RouteMeta } from './route-meta.ts';

const dealerOnly = { kind: 'authenticated', roles: ['dealer'] } as const;
const partnersOnly = { kind: 'authenticated', roles: PARTNER_ROLES } as const;

/** Routes whose loader always redirects never render; this keeps React Router from warning about them. */
const RedirectOnly = () => null;

const meta = (value: RouteMeta): RouteMeta => value;

function redirectToOverview({ params }: LoaderFunctionArgs) {
  return redirect(pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId: params.orgId ?? '' }));
}

function redirectToViewedOverview({ params }: LoaderFunctionArgs) {
  return redirect(
    pathTo(ROUTE.PARTNER_VIEW_CUSTOMER_OVERVIEW, {
      companyId: params.companyId ?? '',
      orgId: params.orgId ?? '',
    }),
  );
}

/**
 * Issue 16: /partners, a partner's scorecard, and the read-only drill-down into a dealer below the caller,
 * which renders the dealer's own pages (dashboard, customers, a customer's detail, incidents) under the
 * partners feature's banner and company scope. Route ids differ from the dealer's; `name` in the meta
 * says which dealer page a route shows (the customer detail's tabs read it).
 */
function partnerRoutes(guard: Guard): RouteObject[] {
  const allowed = () => guard.requireAccess(partnersOnly);
  return [
    {
      id: ROUTE.PARTNERS,
      path: 'partners',
      handle: meta({ name: ROUTE.PARTNERS, titleKey: 'routes.partners', access: partnersOnly }),
      loader: loaderWithData(guard, partnersOnly, routeData.partners),
      lazy: { Component: lazyPages.partners },
    },
    {
      id: ROUTE.PARTNER_SCORECARD,
      path: 'partners/:companyId',
      handle: meta({
        name: ROUTE.PARTNER_SCORECARD,
        titleKey: 'routes.partnerScorecard',
        layout: 'internal',
        access: partnersOnly,
        back: ROUTE.PARTNERS,
      }),
      loader: allowed,
      lazy: { Component: lazyPages.partnerScorecard },
    },
    {
      id: ROUTE.PARTNER_VIEW,
      path: 'partners/:companyId/view',
      handle: meta({ access: partnersOnly }),
      loader: allowed,
      lazy: { Component: lazyPages.partnerView },
      children: [
        {
          id: ROUTE.PARTNER_VIEW_DASHBOARD,
          index: true,
          handle: meta({ name: ROUTE.PARTNER_VIEW_DASHBOARD, titleKey: 'routes.dashboard' }),
          lazy: { Component: lazyPages.dashboard },
        },
        {
          id: ROUTE.PARTNER_VIEW_CUSTOMERS,
          path: 'customers',
          handle: meta({
            name: ROUTE.PARTNER_VIEW_CUSTOMERS,
            titleKey: 'routes.organizations',
            viewToggle: true,
          }),
          lazy: { Component: lazyPages.organizationList },
        },
        {
          id: ROUTE.PARTNER_VIEW_CUSTOMER_DETAIL,
          path: 'customers/:orgId',
          handle: meta({
            name: ROUTE.PARTNER_VIEW_CUSTOMER_DETAIL,
            titleKey: 'routes.organizationDetail',
            layout: 'internal',
            back: ROUTE.PARTNER_VIEW_CUSTOMERS,
          }),
          lazy: { Component: lazyPages.organizationDetail },
          children: [
            { index: true, loader: redirectToViewedOverview, Component: RedirectOnly },
            {
              id: ROUTE.PARTNER_VIEW_CUSTOMER_OVERVIEW,
              path: 'overview',
              handle: meta({ name: ROUTE.ORGANIZATION_DETAIL_OVERVIEW }),
              lazy: { Component: lazyPages.organizationOverview },
            },
            {
              id: ROUTE.PARTNER_VIEW_CUSTOMER_DEVICE,
              path: 'device',
              handle: meta({ name: ROUTE.ORGANIZATION_DETAIL_DEVICE }),
              lazy: { Component: lazyPages.organizationDevice },
            },
            {
              id: ROUTE.PARTNER_VIEW_CUSTOMER_LICENSE,
              path: 'license',
              handle: meta({ name: ROUTE.ORGANIZATION_DETAIL_LICENSE }),
              lazy: { Component: lazyPages.organizationLicense },
            },
            { path: '*', loader: redirectToViewedOverview, Component: RedirectOnly },
          ],
        },
        {
          id: ROUTE.PARTNER_VIEW_INCIDENTS,
          path: 'incidents',
          handle: meta({ name: ROUTE.PARTNER_VIEW_INCIDENTS, titleKey: 'routes.incidents' }),
          lazy: { Component: lazyPages.incidents },
        },
      ],
    },
  ];
}

/** The route table of SPEC §2. Pages load lazily so each feature ships in its own chunk. */
export function createRoutes(guard: Guard): RouteObject[] {
  return [
    {
      id: 'APP',
      element: (
        <CompanyBrand>
          <RouteLayout />
        </CompanyBrand>
      ),
      errorElement: (
        <CompanyBrand>
          <RouteErrorBoundary />
        </CompanyBrand>
      ),
      HydrateFallback: RouterHydrateFallback,
      children: [
        {
          id: ROUTE.LOGIN,
          path: 'login',
          handle: meta({
            name: ROUTE.LOGIN,
            titleKey: 'routes.login',
            layout: 'portal',
            access: { kind: 'guest' },
          }),
          loader: guard.requireSignedOut,
          lazy: { Component: lazyPages.login },
        },
        {
          id: ROUTE.SET_NEW_PASSWORD,
          path: 'set-new-password',
          handle: meta({
            name: ROUTE.SET_NEW_PASSWORD,
            layout: 'portal',
            access: { kind: 'newPasswordChallenge' },
          }),
          loader: guard.requireNewPasswordChallenge,
          lazy: { Component: lazyPages.setNewPassword },
        },
        {
          id: ROUTE.TWO_STEP_SIGN_IN,
          path: 'two-step-sign-in',
          handle: meta({
            name: ROUTE.TWO_STEP_SIGN_IN,
            layout: 'portal',
            access: { kind: 'twoStepChallenge' },
          }),
          loader: guard.requireTwoStepChallenge,
          lazy: { Component: lazyPages.twoStepSignIn },
        },
        {
          id: ROUTE.RESET_PASSWORD,
          path: 'forgot-password',
          handle: meta({
            name: ROUTE.RESET_PASSWORD,
            titleKey: 'routes.resetPassword',
            layout: 'portal',
            access: { kind: 'guest' },
            back: ROUTE.LOGIN,
          }),
          loader: guard.requireSignedOut,
          lazy: { Component: lazyPages.resetPassword },
        },
        {
          // Issue 25 item 7: a member held back by the company's two-step policy, signed in but without
          // an account the shell can load (decision 0027).
          id: ROUTE.TWO_STEP_SETUP,
          path: 'two-step-setup',
          handle: meta({
            name: ROUTE.TWO_STEP_SETUP,
            titleKey: 'routes.twoStepSetup',
            pageShowsTitle: true,
            layout: 'portal',
            access: { kind: 'signedIn' },
          }),
          loader: guard.requireSession,
          lazy: { Component: lazyPages.twoStepSetup },
        },
        {
          id: AUTHENTICATED_ROUTE_ID,
          // The signed-in layouts are their own chunk, fetched beside the session and account reads.
          loader: async () => {
            const layouts = loadSignedInLayouts();
            layouts.catch(() => undefined); // a redirect to /login does not wait for it
            const account = await guard.requireAccount();
            await layouts;
            return account;
          },
          Component: SignedInOutlet,
          children: [
            {
              id: ROUTE.ROOT,
              index: true,
              handle: meta({ name: ROUTE.ROOT, access: { kind: 'authenticated' } }),
              Component: RedirectOnly,
              loader: async () => {
                const account = await guard.requireAccount();
                return redirect(pathTo(landingRouteFor(account.user.role)));
              },
            },
            {
              id: ROUTE.DASHBOARD,
              path: 'dashboard',
              handle: meta({ name: ROUTE.DASHBOARD, titleKey: 'routes.dashboard', access: dealerOnly }),
              loader: loaderWithData(guard, dealerOnly, routeData.dashboard),
              lazy: { Component: lazyPages.dashboard },
            },
            {
              id: ROUTE.ORGANIZATION,
              path: 'account',
              handle: meta({
                name: ROUTE.ORGANIZATION,
                titleKey: 'routes.organizations',
                access: dealerOnly,
                viewToggle: true,
              }),
              loader: loaderWithData(guard, dealerOnly, routeData.organizationList),
              lazy: { Component: lazyPages.organizationList },
            },
            {
              id: ROUTE.ORGANIZATION_DETAIL,
              path: 'account/:orgId',
              handle: meta({
                name: ROUTE.ORGANIZATION_DETAIL,
                titleKey: 'routes.organizationDetail',
                layout: 'internal',
                access: dealerOnly,
                back: ROUTE.ORGANIZATION,
              }),
              loader: loaderWithData(guard, dealerOnly, routeData.organizationDetail),
              lazy: { Component: lazyPages.organizationDetail },
              children: [
                { index: true, loader: redirectToOverview, Component: RedirectOnly },
                {
                  id: ROUTE.ORGANIZATION_DETAIL_OVERVIEW,
                  path: 'overview',
                  handle: meta({ name: ROUTE.ORGANIZATION_DETAIL_OVERVIEW }),
                  lazy: { Component: lazyPages.organizationOverview },
                },
                {
                  id: ROUTE.ORGANIZATION_DETAIL_DEVICE,
                  path: 'device',
                  handle: meta({ name: ROUTE.ORGANIZATION_DETAIL_DEVICE }),
                  loader: loaderWithData(guard, dealerOnly, routeData.organizationDevices),
                  lazy: { Component: lazyPages.organizationDevice },
                },
                {
                  id: ROUTE.ORGANIZATION_DETAIL_LICENSE,
                  path: 'license',
                  handle: meta({ name: ROUTE.ORGANIZATION_DETAIL_LICENSE }),
                  lazy: { Component: lazyPages.organizationLicense },
                },
                { path: '*', loader: redirectToOverview, Component: RedirectOnly },
              ],
            },
            {
              id: ROUTE.INCIDENTS,
              path: 'incidents',
              handle: meta({ name: ROUTE.INCIDENTS, titleKey: 'routes.incidents', access: dealerOnly }),
              loader: loaderWithData(guard, dealerOnly, routeData.incidents),
              lazy: { Component: lazyPages.incidents },
            },
            {
              // My Company and (dealers) its Notifications tab, under one title and tab bar.
              id: 'COMPANY_SECTION',
              path: 'my-company',
              handle: meta({ titleKey: 'routes.company', access: { kind: 'authenticated' } }),
              loader: () => guard.requireAccess({}),
              lazy: { Component: lazyPages.companySection },
              children: [
                {
                  id: ROUTE.COMPANY,
                  index: true,
                  handle: meta({ name: ROUTE.COMPANY }),
                  lazy: { Component: lazyPages.company },
                },
                {
                  id: ROUTE.COMPANY_NOTIFICATIONS,
                  path: 'notifications',
                  handle: meta({ name: ROUTE.COMPANY_NOTIFICATIONS, access: dealerOnly }),
                  loader: () => guard.requireAccess(dealerOnly),
                  lazy: { Component: lazyPages.notifications },
                },
                {
                  // Issue 27: the audit log, every role (a member sees their own entries).
                  id: ROUTE.COMPANY_ACTIVITY,
                  path: 'activity',
                  handle: meta({ name: ROUTE.COMPANY_ACTIVITY }),
                  lazy: { Component: lazyPages.activity },
                },
              ],
            },
            {
              id: ROUTE.WEBHOOK_DETAIL,
              path: 'my-company/notifications/webhooks/:webhookId',
              handle: meta({
                name: ROUTE.WEBHOOK_DETAIL,
                titleKey: 'routes.webhook',
                layout: 'internal',
                access: dealerOnly,
                back: ROUTE.COMPANY_NOTIFICATIONS,
              }),
              loader: () => guard.requireAccess(dealerOnly),
              lazy: { Component: lazyPages.webhookDetail },
            },
            ...partnerRoutes(guard),
          ],
        },
        {
          id: ROUTE.NOT_FOUND,
          path: '*',
          handle: meta({
            name: ROUTE.NOT_FOUND,
            titleKey: 'routes.notFound',
            pageShowsTitle: true,
            layout: 'portal',
            access: { kind: 'public' },
          }),
          Component: NotFoundPage,
        },
      ],
    },
  ];
}
