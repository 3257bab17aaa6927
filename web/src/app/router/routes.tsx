import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { NotFoundPage } from '@/features/not-found/NotFoundPage.tsx';
import type { RoutePrefetch } from '@/shared/navigation/route-data.ts';
import { AUTHENTICATED_ROUTE_ID } from '@/shared/navigation/route-ids.ts';
import { pathTo, ROUTE, type RouteName } from '@/shared/navigation/route-names.ts';
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
import type { RouteAccess, RouteMeta } from './route-meta.ts';

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

/** Where the dealer's pages stand: the dealer's own routes, or a partner's view of a dealer below it. */
interface DealerPagesPlace {
  ids: {
    dashboard: RouteName;
    customers: RouteName;
    customerDetail: RouteName;
    overview: RouteName;
    device: RouteName;
    license: RouteName;
    incidents: RouteName;
  };
  /**
   * The customer list's and a customer's titles: the dealer's own "My customer" (SPEC §2), or, in a partner's
   * view of a dealer, the dealer's customers, not the viewer's.
   */
  titleKeys: { customers: string; customerDetail: string };
  /** Omitted: the dashboard is the index route. */
  dashboardPath?: string;
  customersPath: string;
  redirectToOverview: (args: LoaderFunctionArgs) => Response;
  /**
   * The dealer's own pages check access and start their data in their loaders. A partner's view has neither:
   * its parent route checks access, and its pages read with another company's token, set while rendering.
   */
  own?: { guard: Guard; access: typeof dealerOnly };
}

/** The dealer's pages (dashboard, customers, a customer's detail and its tabs, incidents) at one place. */
function dealerPages({
  ids,
  titleKeys,
  dashboardPath,
  customersPath,
  redirectToOverview,
  own,
}: DealerPagesPlace) {
  const access = own ? { access: own.access } : {};
  const loader = (load: () => Promise<RoutePrefetch>) =>
    own ? { loader: loaderWithData(own.guard, own.access, load) } : {};
  return [
    {
      id: ids.dashboard,
      ...(dashboardPath === undefined ? { index: true } : { path: dashboardPath }),
      handle: meta({ name: ids.dashboard, titleKey: 'routes.dashboard', ...access }),
      ...loader(routeData.dashboard),
      lazy: { Component: lazyPages.dashboard },
    },
    {
      id: ids.customers,
      path: customersPath,
      handle: meta({ name: ids.customers, titleKey: titleKeys.customers, ...access, viewToggle: true }),
      ...loader(routeData.organizationList),
      lazy: { Component: lazyPages.organizationList },
    },
    {
      id: ids.customerDetail,
      path: `${customersPath}/:orgId`,
      handle: meta({
        name: ids.customerDetail,
        titleKey: titleKeys.customerDetail,
        layout: 'internal',
        ...access,
        back: ids.customers,
      }),
      ...loader(routeData.organizationDetail),
      lazy: { Component: lazyPages.organizationDetail },
      children: [
        { index: true, loader: redirectToOverview, Component: RedirectOnly },
        {
          id: ids.overview,
          path: 'overview',
          handle: meta({ name: ROUTE.ORGANIZATION_DETAIL_OVERVIEW }),
          lazy: { Component: lazyPages.organizationOverview },
        },
        {
          id: ids.device,
          path: 'device',
          handle: meta({ name: ROUTE.ORGANIZATION_DETAIL_DEVICE }),
          ...loader(routeData.organizationDevices),
          lazy: { Component: lazyPages.organizationDevice },
        },
        {
          id: ids.license,
          path: 'license',
          handle: meta({ name: ROUTE.ORGANIZATION_DETAIL_LICENSE }),
          lazy: { Component: lazyPages.organizationLicense },
        },
        { path: '*', loader: redirectToOverview, Component: RedirectOnly },
      ],
    },
    {
      id: ids.incidents,
      path: 'incidents',
      handle: meta({ name: ids.incidents, titleKey: 'routes.incidents', ...access }),
      ...loader(routeData.incidents),
      lazy: { Component: lazyPages.incidents },
    },
  ] satisfies RouteObject[];
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
      children: dealerPages({
        ids: {
          dashboard: ROUTE.PARTNER_VIEW_DASHBOARD,
          customers: ROUTE.PARTNER_VIEW_CUSTOMERS,
          customerDetail: ROUTE.PARTNER_VIEW_CUSTOMER_DETAIL,
          overview: ROUTE.PARTNER_VIEW_CUSTOMER_OVERVIEW,
          device: ROUTE.PARTNER_VIEW_CUSTOMER_DEVICE,
          license: ROUTE.PARTNER_VIEW_CUSTOMER_LICENSE,
          incidents: ROUTE.PARTNER_VIEW_INCIDENTS,
        },
        titleKeys: { customers: 'routes.partnerViewCustomers', customerDetail: 'routes.partnerViewCustomer' },
        customersPath: 'customers',
        redirectToOverview: redirectToViewedOverview,
      }),
    },
  ];
}

/** Who may open a page of the portal layout (signing in), each with the guard that checks it. */
type PortalAccess = Extract<
  RouteAccess,
  { kind: 'guest' | 'newPasswordChallenge' | 'twoStepChallenge' | 'signedIn' }
>;

const portalGuards = (guard: Guard): Record<PortalAccess['kind'], () => Promise<null> | null> => ({
  guest: guard.requireSignedOut,
  newPasswordChallenge: guard.requireNewPasswordChallenge,
  twoStepChallenge: guard.requireTwoStepChallenge,
  signedIn: guard.requireSession,
});

/** A page of the portal layout: its id is its route name, and its loader the guard of the access it declares. */
function portalPage(
  guard: Guard,
  name: RouteName,
  path: string,
  Component: () => Promise<ComponentType>,
  pageMeta: Omit<RouteMeta, 'name' | 'layout' | 'access'> & { access: PortalAccess },
): RouteObject {
  return {
    id: name,
    path,
    handle: meta({ ...pageMeta, name, layout: 'portal' }),
    loader: portalGuards(guard)[pageMeta.access.kind],
    lazy: { Component },
  };
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
        portalPage(guard, ROUTE.LOGIN, 'login', lazyPages.login, {
          titleKey: 'routes.login',
          access: { kind: 'guest' },
        }),
        portalPage(guard, ROUTE.SET_NEW_PASSWORD, 'set-new-password', lazyPages.setNewPassword, {
          access: { kind: 'newPasswordChallenge' },
        }),
        portalPage(guard, ROUTE.TWO_STEP_SIGN_IN, 'two-step-sign-in', lazyPages.twoStepSignIn, {
          access: { kind: 'twoStepChallenge' },
        }),
        portalPage(guard, ROUTE.RESET_PASSWORD, 'forgot-password', lazyPages.resetPassword, {
          titleKey: 'routes.resetPassword',
          access: { kind: 'guest' },
          back: ROUTE.LOGIN,
        }),
        // Issue 25 item 7: a member held back by the company's two-step policy, signed in but without
        // an account the shell can load (decision 0027).
        portalPage(guard, ROUTE.TWO_STEP_SETUP, 'two-step-setup', lazyPages.twoStepSetup, {
          titleKey: 'routes.twoStepSetup',
          pageShowsTitle: true,
          access: { kind: 'signedIn' },
        }),
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
            ...dealerPages({
              ids: {
                dashboard: ROUTE.DASHBOARD,
                customers: ROUTE.ORGANIZATION,
                customerDetail: ROUTE.ORGANIZATION_DETAIL,
                overview: ROUTE.ORGANIZATION_DETAIL_OVERVIEW,
                device: ROUTE.ORGANIZATION_DETAIL_DEVICE,
                license: ROUTE.ORGANIZATION_DETAIL_LICENSE,
                incidents: ROUTE.INCIDENTS,
              },
              titleKeys: { customers: 'routes.organizations', customerDetail: 'routes.organizationDetail' },
              dashboardPath: 'dashboard',
              customersPath: 'account',
              redirectToOverview,
              own: { guard, access: dealerOnly },
            }),
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
