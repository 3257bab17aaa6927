import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import type { KeyboardEvent } from 'react';
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

/** A tab of the strip: MUI Tab's look (48 px tall, its padding and type), its indicator drawn by CSS. */
const TabLink = styled(ScopedLink)(({ theme }) => {
  const { palette } = theme.vars ?? theme;
  return {
    ...theme.typography.button,
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    minWidth: 90,
    maxWidth: 360,
    minHeight: 48,
    padding: '12px 16px',
    color: palette.text.secondary,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    '&:hover': { color: palette.text.primary },
    '&[aria-selected="true"]': {
      color: palette.primary.main,
      '&::after': {
        content: '""',
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        height: 2,
        backgroundColor: palette.primary.main,
      },
    },
    '&:focus-visible': {
      outline: `2px solid ${palette.primary.main}`,
      outlineOffset: -2,
    },
  };
});

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** The tab pattern's keys: the arrows, Home and End move the focus along the strip (Enter follows the link). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const next = NEXT_KEYS[event.key];
  if (!next) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const index = tabs.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  tabs[next(index, tabs.length)]?.focus();
}

/**
 * Tabs that are routes of their own, so a link can open any of them: the selected one is the tab whose
 * route (or, in the drill-down, the dealer page it shows: the route's `handle.name`) is matched.
 *
 * Links in a tab list, styled by CSS alone. MUI's Tabs measured its indicator (and, scrolling, the scrollbar)
 * in effects that React ran inside the page's first commit (its items register in a ref callback, a
 * synchronous re-render): a forced layout of the whole new page in that task, ~20 ms of a desktop's CPU, four
 * times that on a phone. A strip too wide for a phone scrolls sideways by itself.
 */
export function RouteTabs({ tabs, labelKey }: { tabs: readonly RouteTab[]; labelKey: string }) {
  const { t } = useTranslation();
  const matched = new Set(
    useMatches().flatMap((match) => [match.id, (match.handle as { name?: string } | undefined)?.name]),
  );
  const active = tabs.find((tab) => [tab.route, ...(tab.alsoOn ?? [])].some((route) => matched.has(route)));
  // One tab stop for the strip: the selected tab, else the first.
  const focusable = active ?? tabs[0];
  return (
    <Box
      role="tablist"
      aria-label={t(labelKey)}
      onKeyDown={moveFocus}
      sx={{
        mb: 3,
        display: 'flex',
        borderBottom: 1,
        borderColor: 'divider',
        overflowX: 'auto',
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
      }}
    >
      {tabs.map((tab) => (
        <TabLink
          key={tab.route}
          to={tab.to}
          role="tab"
          aria-selected={tab === active}
          tabIndex={tab === focusable ? 0 : -1}
        >
          {t(tab.labelKey)}
        </TabLink>
      ))}
    </Box>
  );
}
