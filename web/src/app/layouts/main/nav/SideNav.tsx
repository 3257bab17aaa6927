import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { BrandLogo } from '@/shared/brand/BrandLogo.tsx';
import { HEADER_HEIGHT } from '@/shared/theme/theme.ts';
import { NavList } from './NavList.tsx';
import { NavSplitter } from './NavSplitter.tsx';
import { NAV_SNAP_THRESHOLD, NAV_WIDTH_FULL } from './nav-width.ts';
import type { NavStateApi } from './use-nav-state.ts';

export function SideNav({ nav }: { nav: NavStateApi }) {
  if (!nav.permanent) {
    return (
      <Drawer
        variant="temporary"
        open={nav.drawerOpen}
        onClose={nav.closeDrawer}
        slotProps={{ paper: { sx: { width: NAV_WIDTH_FULL } } }}
      >
        <Toolbar sx={{ minHeight: HEADER_HEIGHT, px: 2, borderBottom: 1, borderColor: 'divider' }}>
          <BrandLogo />
        </Toolbar>
        <Box sx={{ py: 1 }}>
          <NavList rail={false} onNavigate={nav.closeDrawer} />
        </Box>
      </Drawer>
    );
  }

  // While dragging, labels appear once the width passes the snap point, matching where it would settle.
  const rail = nav.width < NAV_SNAP_THRESHOLD;
  return (
    <>
      <Drawer
        variant="permanent"
        sx={(theme) => ({
          width: nav.width,
          flexShrink: 0,
          transition: nav.dragging ? 'none' : theme.transitions.create('width'),
          '& .MuiDrawer-paper': {
            width: nav.width,
            top: HEADER_HEIGHT,
            height: `calc(100% - ${HEADER_HEIGHT}px)`,
            overflowX: 'hidden',
            boxSizing: 'border-box',
            transition: nav.dragging ? 'none' : theme.transitions.create('width'),
            bgcolor: 'background.paper',
          },
        })}
      >
        <Box sx={{ py: 1.5 }}>
          <NavList rail={rail} />
        </Box>
      </Drawer>
      <NavSplitter width={nav.width} onDrag={nav.drag} onSettle={nav.settle} />
    </>
  );
}
