import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CrisisAlertOutlined from '@mui/icons-material/CrisisAlertOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import LanOutlined from '@mui/icons-material/LanOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Role } from '@portal/contracts/roles';
import { pathTo, RESELLER_PORTAL, ROUTE } from '@/shared/navigation/route-names.ts';

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

/** SPEC §2 left navigation. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'works',
    labelKey: 'nav.works',
    items: [
      {
        id: ROUTE.DASHBOARD,
        labelKey: 'nav.dashboard',
        icon: DashboardOutlined,
        target: { kind: 'route', path: pathTo(ROUTE.DASHBOARD) },
        roles: ['dealer'],
      },
      {
        id: ROUTE.ORGANIZATION,
        labelKey: 'nav.myCustomer',
        icon: StorefrontOutlined,
        target: { kind: 'route', path: pathTo(ROUTE.ORGANIZATION) },
        roles: ['dealer'],
      },
      {
        id: ROUTE.INCIDENTS,
        labelKey: 'nav.incidents',
        icon: CrisisAlertOutlined,
        target: { kind: 'route', path: pathTo(ROUTE.INCIDENTS) },
        roles: ['dealer'],
      },
      {
        id: ROUTE.PARTNERS,
        labelKey: 'nav.partners',
        icon: LanOutlined,
        target: { kind: 'route', path: pathTo(ROUTE.PARTNERS) },
        roles: ['hq-pm', 'hq-sales', 'region', 'disty'],
      },
    ],
  },
  {
    id: 'my-organization',
    labelKey: 'nav.myOrganization',
    items: [
      {
        id: ROUTE.COMPANY,
        labelKey: 'nav.myCompany',
        icon: ApartmentOutlined,
        target: { kind: 'route', path: pathTo(ROUTE.COMPANY) },
      },
    ],
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
