import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteName } from './route-names.ts';
import { ScopedLink } from './scoped-link.tsx';

export interface RouteTab {
  route: RouteName;
  labelKey: string;
  /** Where the tab leads (inside a drill-down it stays inside it). */
  to: string;
  /** Other routes under which this tab is the selected one (a list's detail pages). */
  alsoOn?: readonly RouteName[];
}

/**
 * Tabs that are routes of their own, so a link can open any of them: the selected one is the tab whose
 * route (or, in the drill-down, the dealer page it shows: the route's `handle.name`) is matched.
 */
export function RouteTabs({ tabs, labelKey }: { tabs: readonly RouteTab[]; labelKey: string }) {
  const { t } = useTranslation();
  const matched = new Set(
    useMatches().flatMap((match) => [match.id, (match.handle as { name?: string } | undefined)?.name]),
  );
  const active =
    tabs.find((tab) => [tab.route, ...(tab.alsoOn ?? [])].some((route) => matched.has(route)))?.route ??
    false;
  // Scrolling tabs only where a few may not fit: from sm up they always do, and the scrollable variant's
  // arrows showed beside three tabs at 1440 px (issue 23).
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Tabs
      value={active}
      aria-label={t(labelKey)}
      variant={narrow ? 'scrollable' : 'standard'}
      allowScrollButtonsMobile={narrow}
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.route} value={tab.route} label={t(tab.labelKey)} component={ScopedLink} to={tab.to} />
      ))}
    </Tabs>
  );
}
