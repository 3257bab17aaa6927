import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBrand } from '@/shared/brand/BrandContext.tsx';
import { BrandLogo } from '@/shared/brand/BrandLogo.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { HEADER_HEIGHT } from '@/shared/theme/theme.ts';
import { AccountMenuSlot } from './AccountMenuSlot.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { ThemeMenu } from './ThemeMenu.tsx';

/** The 64 px header of the main and internal layouts. `start` holds the navigation toggle where there is one. */
export function AppHeader({ start }: { start?: ReactNode }) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <AppBar
      position="fixed"
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar
        disableGutters
        sx={{ minHeight: { xs: HEADER_HEIGHT }, height: HEADER_HEIGHT, px: { xs: 1, sm: 1.5 } }}
      >
        {start}
        <Link
          component={RouterLink}
          to={pathTo(ROUTE.ROOT)}
          aria-label={t('header.home', { product: brand.productName })}
          color="inherit"
          underline="none"
          sx={{ display: 'flex', alignItems: 'center', borderRadius: 1, px: 1, py: 0.5, minWidth: 0 }}
        >
          <BrandLogo />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <LanguageMenu />
          <ThemeMenu />
          <AccountMenuSlot />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
