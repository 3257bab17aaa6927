import { generatePath } from 'react-router';

/** Route names of SPEC §2; they double as React Router route ids. */
export const ROUTE = {
  ROOT: 'ROOT',
  NOT_FOUND: 'NOT_FOUND',
  LOGIN: 'LOGIN',
  SET_NEW_PASSWORD: 'SET_NEW_PASSWORD',
  TWO_STEP_SIGN_IN: 'TWO_STEP_SIGN_IN',
  RESET_PASSWORD: 'RESET_PASSWORD',
  TWO_STEP_SETUP: 'TWO_STEP_SETUP',
  DASHBOARD: 'DASHBOARD',
  ORGANIZATION: 'ORGANIZATION',
  ORGANIZATION_DETAIL: 'ORGANIZATION_DETAIL',
  ORGANIZATION_DETAIL_OVERVIEW: 'ORGANIZATION_DETAIL.OVERVIEW',
  ORGANIZATION_DETAIL_DEVICE: 'ORGANIZATION_DETAIL.DEVICE',
  ORGANIZATION_DETAIL_LICENSE: 'ORGANIZATION_DETAIL.LICENSE',
  INCIDENTS: 'INCIDENTS',
  COMPANY: 'COMPANY',
  COMPANY_NOTIFICATIONS: 'COMPANY.NOTIFICATIONS',
  COMPANY_ACTIVITY: 'COMPANY.ACTIVITY',
  WEBHOOK_DETAIL: 'WEBHOOK_DETAIL',
  // Issue 16: the partner hierarchy and the read-only drill-down into a dealer's pages.
  PARTNERS: 'PARTNERS',
  PARTNER_SCORECARD: 'PARTNER_SCORECARD',
  PARTNER_VIEW: 'PARTNER_VIEW',
  PARTNER_VIEW_DASHBOARD: 'PARTNER_VIEW.DASHBOARD',
  PARTNER_VIEW_CUSTOMERS: 'PARTNER_VIEW.CUSTOMERS',
  PARTNER_VIEW_CUSTOMER_DETAIL: 'PARTNER_VIEW.CUSTOMER_DETAIL',
  PARTNER_VIEW_CUSTOMER_OVERVIEW: 'PARTNER_VIEW.CUSTOMER_DETAIL.OVERVIEW',
  PARTNER_VIEW_CUSTOMER_DEVICE: 'PARTNER_VIEW.CUSTOMER_DETAIL.DEVICE',
  PARTNER_VIEW_CUSTOMER_LICENSE: 'PARTNER_VIEW.CUSTOMER_DETAIL.LICENSE',
  PARTNER_VIEW_INCIDENTS: 'PARTNER_VIEW.INCIDENTS',
} as const;
export type RouteName = (typeof ROUTE)[keyof typeof ROUTE];

/** RESELLER_PORTAL is an external link built from the brand (see brand/reseller-portal-url.ts). */
export const RESELLER_PORTAL = 'RESELLER_PORTAL';

export const ROUTE_PATHS = {
  ROOT: '/',
  NOT_FOUND: '*',
  LOGIN: '/login',
  SET_NEW_PASSWORD: '/set-new-password',
  TWO_STEP_SIGN_IN: '/two-step-sign-in',
  RESET_PASSWORD: '/forgot-password',
  TWO_STEP_SETUP: '/two-step-setup',
  DASHBOARD: '/dashboard',
  ORGANIZATION: '/account',
  ORGANIZATION_DETAIL: '/account/:orgId',
  'ORGANIZATION_DETAIL.OVERVIEW': '/account/:orgId/overview',
  'ORGANIZATION_DETAIL.DEVICE': '/account/:orgId/device',
  'ORGANIZATION_DETAIL.LICENSE': '/account/:orgId/license',
  INCIDENTS: '/incidents',
  COMPANY: '/my-company',
  'COMPANY.NOTIFICATIONS': '/my-company/notifications',
  'COMPANY.ACTIVITY': '/my-company/activity',
  WEBHOOK_DETAIL: '/my-company/notifications/webhooks/:webhookId',
  PARTNERS: '/partners',
  PARTNER_SCORECARD: '/partners/:companyId',
  PARTNER_VIEW: '/partners/:companyId/view',
  'PARTNER_VIEW.DASHBOARD': '/partners/:companyId/view',
  'PARTNER_VIEW.CUSTOMERS': '/partners/:companyId/view/customers',
  'PARTNER_VIEW.CUSTOMER_DETAIL': '/partners/:companyId/view/customers/:orgId',
  'PARTNER_VIEW.CUSTOMER_DETAIL.OVERVIEW': '/partners/:companyId/view/customers/:orgId/overview',
  'PARTNER_VIEW.CUSTOMER_DETAIL.DEVICE': '/partners/:companyId/view/customers/:orgId/device',
  'PARTNER_VIEW.CUSTOMER_DETAIL.LICENSE': '/partners/:companyId/view/customers/:orgId/license',
  'PARTNER_VIEW.INCIDENTS': '/partners/:companyId/view/incidents',
} as const satisfies Record<RouteName, string>;

/** The `:name` parameters of a path, e.g. 'companyId' | 'orgId'. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type PathParams<Name extends RouteName> = [ParamNames<(typeof ROUTE_PATHS)[Name]>] extends [never]
  ? undefined
  : Record<ParamNames<(typeof ROUTE_PATHS)[Name]>, string>;

/** The URL of a named route, e.g. pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId }). */
export function pathTo<Name extends Exclude<RouteName, 'NOT_FOUND'>>(
  name: Name,
  ...params: PathParams<Name> extends undefined ? [] : [PathParams<Name>]
): string {
  const path: string = ROUTE_PATHS[name];
  return generatePath(path, params[0] ?? {});
}
