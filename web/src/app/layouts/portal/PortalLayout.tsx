import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/shared/brand/BrandLogo.tsx';
import { Copyright } from '@/shared/brand/Copyright.tsx';
import { TOUCH_MEDIA } from '@/shared/theme/touch.ts';
import { LanguageMenu } from '../header/LanguageMenu.tsx';
import { ThemeMenu } from '../header/ThemeMenu.tsx';
import { MAIN_CONTENT_ID } from '../shared/SkipLink.tsx';

/** Public pages (SPEC §2): logo, optional page title, content and the brand's copyright footer. */
export function PortalLayout({ titleKey, children }: { titleKey?: string | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: theme.vars.palette.background.default,
        backgroundImage: `radial-gradient(1200px 600px at 50% -10%, rgba(${theme.vars.palette.primary.mainChannel} / 0.14), transparent 70%)`,
      })}
    >
      <Box
        component="header"
        // 56 px tall with 44 px touch buttons too, as the pre-rendered sign-in form's header (prerender/).
        sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, p: 1, [TOUCH_MEDIA]: { py: '6px' } }}
      >
        <LanguageMenu />
        <ThemeMenu />
      </Box>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, pb: 4 }}
      >
        <Box sx={{ mt: { xs: 2, sm: 6 }, mb: 3 }}>
          <BrandLogo size={44} />
        </Box>
        <Paper
          variant="outlined"
          sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 4 }, borderRadius: 3, boxShadow: 2 }}
        >
          {titleKey && (
            <Typography variant="h1" sx={{ mb: 3 }}>
              {t(titleKey)}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', px: 2, py: 3 }}>
        <Copyright />
      </Box>
    </Box>
  );
}
