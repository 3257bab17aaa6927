import { generatePath } from 'react-router';

/** Route names of SPEC §2; they double as React Router route ids. */
export const ROUTE = {
  ROOT: 'ROOT',
  NOT_FOUND: 'NOT_FOUND',
  LOGIN: 'LOGIN',
  SET_NEW_PASSWORD: 'SET_NEW_PASSWORD',
  RESET_PASSWORD: 'RESET_PASSWORD',
  DASHBOARD: 'DASHBOARD',
  ORGANIZATION: 'ORGANIZATION',
  ORGANIZATION_DETAIL: 'ORGANIZATION_DETAIL',
  ORGANIZATION_DETAIL_OVERVIEW: 'ORGANIZATION_DETAIL.OVERVIEW',
  ORGANIZATION_DETAIL_DEVICE: 'ORGANIZATION_DETAIL.DEVICE',
  ORGANIZATION_DETAIL_LICENSE: 'ORGANIZATION_DETAIL.LICENSE',
  INCIDENTS: 'INCIDENTS',
  COMPANY: 'COMPANY',
  COMPANY_NOTIFICATIONS: 'COMPANY.NOTIFICATIONS',
  WEBHOOK_DETAIL: 'WEBHOOK_DETAIL',
} as const;
export type RouteName = (typeof ROUTE)[keyof typeof ROUTE];

/** RESELLER_PORTAL is an external link built from the brand (see brand/reseller-portal-url.ts). */
export const RESELLER_PORTAL = 'RESELLER_PORTAL';

export const ROUTE_PATHS = {
  ROOT: '/',
  NOT_FOUND: '*',
  LOGIN: '/login',
  SET_NEW_PASSWORD: '/set-new-password',
  RESET_PASSWORD: '/forgot-password',
  DASHBOARD: '/dashboard',
  ORGANIZATION: '/account',
  ORGANIZATION_DETAIL: '/account/:orgId',
  'ORGANIZATION_DETAIL.OVERVIEW': '/account/:orgId/overview',
  'ORGANIZATION_DETAIL.DEVICE': '/account/:orgId/device',
  'ORGANIZATION_DETAIL.LICENSE': '/account/:orgId/license',
  INCIDENTS: '/incidents',
  COMPANY: '/my-company',
  'COMPANY.NOTIFICATIONS': '/my-company/notifications',
  WEBHOOK_DETAIL: '/my-company/notifications/webhooks/:webhookId',
} as const satisfies Record<RouteName, string>;

type PathParams<Name extends RouteName> = (typeof ROUTE_PATHS)[Name] extends `${string}:orgId${string}`
  ? { orgId: string }
  : (typeof ROUTE_PATHS)[Name] extends `${string}:webhookId${string}`
    ? { webhookId: string }
    : undefined;

/** The URL of a named route, e.g. pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId }). */
export function pathTo<Name extends Exclude<RouteName, 'NOT_FOUND'>>(
  name: Name,
  ...params: PathParams<Name> extends undefined ? [] : [PathParams<Name>]
): string {
  const path: string = ROUTE_PATHS[name];
  return generatePath(path, params[0] ?? {});
}
