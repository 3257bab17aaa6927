import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HEADER_HEIGHT } from '@/shared/theme/theme.ts';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';
import type { ResolvedRouteMeta } from '../../router/route-meta.ts';
import { AppHeader } from '../header/AppHeader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../shared/SkipLink.tsx';
import { SideNav } from './nav/SideNav.tsx';
import { useNavState } from './nav/use-nav-state.ts';
import { PageTitleBar } from './PageTitleBar.tsx';

/** Signed-in pages (SPEC §2 Main): header, collapsible left navigation, title area and content. */
export function MainLayout({ meta, children }: { meta: ResolvedRouteMeta; children: ReactNode }) {
  const { t } = useTranslation();
  const nav = useNavState();
  const expanded = nav.permanent ? nav.state === 'full' : nav.drawerOpen;
  const toggleLabel = nav.permanent ? t(expanded ? 'nav.collapse' : 'nav.expand') : t('nav.open');

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppHeader
        start={
          <LazyTooltip title={toggleLabel}>
            <IconButton
              color="inherit"
              aria-label={toggleLabel}
              aria-expanded={expanded}
              onClick={nav.toggle}
            >
              {expanded ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
          </LazyTooltip>
        }
      />
      <SideNav nav={nav} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, pt: `${HEADER_HEIGHT}px`, outline: 'none' }}
      >
        <Box sx={{ px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2, sm: 3 }, maxWidth: 1600, mx: 'auto' }}>
          <PageTitleBar meta={meta} />
          {children}
        </Box>
      </Box>
    </Box>
  );
}
