import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CrisisAlertOutlined from '@mui/icons-material/CrisisAlertOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import LanOutlined from '@mui/icons-material/LanOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Role } from '@portal/contracts/roles';
import { pathTo, RESELLER_PORTAL, ROUTE, type RouteName } from '@/shared/navigation/route-names.ts';

export type NavTarget = { kind: 'route'; path: string } | { kind: 'external'; link: typeof RESELLER_PORTAL };

export interface NavItem {
  id: string;
  labelKey: string;
  icon: typeof SvgIcon;
  target: NavTarget;
  /** Shown only to these roles; everyone when omitted. */
  roles?: readonly Role[];
}

export interface NavGroup {
  id: string;
  labelKey: string;
  items: readonly NavItem[];
}

/** A route without parameters, which a navigation item can open. */
type PageName = {
  [Name in Exclude<RouteName, 'NOT_FOUND'>]: Parameters<typeof pathTo<Name>> extends [Name] ? Name : never;
}[Exclude<RouteName, 'NOT_FOUND'>];

/** An item that opens a page of the app: its id is the route's name, its target the route's path. */
function routeItem(name: PageName, labelKey: string, icon: typeof SvgIcon, roles?: readonly Role[]): NavItem {
  return { id: name, labelKey, icon, target: { kind: 'route', path: pathTo(name) }, ...(roles && { roles }) };
}

/** SPEC §2 left navigation. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'works',
    labelKey: 'nav.works',
    items: [
      routeItem(ROUTE.DASHBOARD, 'nav.dashboard', DashboardOutlined, ['dealer']),
      routeItem(ROUTE.ORGANIZATION, 'nav.myCustomer', StorefrontOutlined, ['dealer']),
      routeItem(ROUTE.INCIDENTS, 'nav.incidents', CrisisAlertOutlined, ['dealer']),
      routeItem(ROUTE.PARTNERS, 'nav.partners', LanOutlined, ['hq-pm', 'hq-sales', 'region', 'disty']),
    ],
  },
  {
    id: 'my-organization',
    labelKey: 'nav.myOrganization',
    items: [routeItem(ROUTE.COMPANY, 'nav.myCompany', ApartmentOutlined)],
  },
  {
    id: 'supports',
    labelKey: 'nav.supports',
    items: [
      {
        id: RESELLER_PORTAL,
        labelKey: 'nav.resellerPortal',
        icon: HandshakeOutlined,
        target: { kind: 'external', link: RESELLER_PORTAL },
      },
    ],
  },
];

/** The groups and items a role may see; groups left empty disappear. */
export function visibleNavGroups(role: Role | undefined): NavGroup[] {
  return NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => !item.roles || (role !== undefined && item.roles.includes(role))),
  })).filter((group) => group.items.length > 0);
}
