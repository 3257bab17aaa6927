import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HEADER_HEIGHT } from '@/shared/theme/theme.ts';
import type { ResolvedRouteMeta } from '../../router/route-meta.ts';
import { AppHeader } from '../header/AppHeader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../shared/SkipLink.tsx';
import { BackButton } from './BackButton.tsx';
import { ScrollToTopButton } from './ScrollToTopButton.tsx';

/** Detail pages (SPEC §2 Internal): header and content with a back button and a scroll-to-top button. */
export function InternalLayout({ meta, children }: { meta: ResolvedRouteMeta; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppHeader />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ pt: `${HEADER_HEIGHT}px`, outline: 'none' }}
      >
        <Box sx={{ px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2, sm: 3 }, maxWidth: 1600, mx: 'auto' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
            <BackButton back={meta.back} />
            {meta.titleKey && !meta.pageShowsTitle && (
              <Typography variant="h1">{t(meta.titleKey)}</Typography>
            )}
          </Box>
          {children}
        </Box>
      </Box>
      <ScrollToTopButton />
    </Box>
  );
}
