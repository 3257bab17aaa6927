import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { supportedLanguage } from '@/shared/i18n/languages.ts';
import { portalTheme } from './theme.ts';
import { COLOR_SCHEME_STORAGE_KEY, DEFAULT_THEME_MODE, THEME_STORAGE_KEY } from './theme-preference.ts';

/**
 * MUI's colour-scheme manager stores System / Light / Dark under the portal's key and, in System mode,
 * follows the OS preference live through matchMedia. The theme is rebuilt per language for MUI's own texts.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const theme = portalTheme(supportedLanguage(i18n.resolvedLanguage));
  return (
    <ThemeProvider
      theme={theme}
      defaultMode={DEFAULT_THEME_MODE}
      modeStorageKey={THEME_STORAGE_KEY}
      colorSchemeStorageKey={COLOR_SCHEME_STORAGE_KEY}
      disableTransitionOnChange
    >
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
