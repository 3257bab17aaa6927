import { createTheme, type Theme } from '@mui/material/styles';
import type { Language } from '@/shared/i18n/languages.ts';
import { BREAKPOINTS } from './breakpoints.ts';
import { MUI_LOCALES } from './mui-locale.ts';
import { touchComponents, touchLink } from './touch.ts';

export const HEADER_HEIGHT = 64;

const FONT_FAMILY = [
  'Inter',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Noto Sans TC"',
  '"PingFang TC"',
  '"Microsoft JhengHei"',
  '"WenQuanYi Micro Hei"',
  'Arial',
  'sans-serif',
].join(',');

function createPortalTheme(language: Language): Theme {
  return createTheme(
    {
      cssVariables: { colorSchemeSelector: 'data-color-scheme' },
      colorSchemes: {
        light: {
          palette: {
            primary: { main: '#1f5fbf', dark: '#174a96', light: '#4c82d6', contrastText: '#ffffff' },
            secondary: { main: '#0f8b8d' },
            // MUI's default orange (#ed6c02) reads at 3:1 on white; this one meets WCAG AA (4.5:1) as text.
            warning: { main: '#b45309' },
            info: { main: '#0277bd' },
            background: { default: '#f4f6fa', paper: '#ffffff' },
            text: { primary: '#1b2430', secondary: '#556274' },
            divider: 'rgba(27, 36, 48, 0.12)',
          },
        },
        dark: {
          palette: {
            primary: { main: '#7aa7f0', dark: '#4c82d6', light: '#a6c4f5', contrastText: '#0b1220' },
            secondary: { main: '#4fc3c5' },
            // MUI's dark red (#f44336) reads under 4.5:1 both as text on paper and under white chip text.
            error: { main: '#f66b61', contrastText: '#0b1220' },
            background: { default: '#0e131b', paper: '#161d28' },
            text: { primary: '#e6ebf2', secondary: '#9aa7b8' },
            divider: 'rgba(230, 235, 242, 0.12)',
          },
        },
      },
      breakpoints: { values: BREAKPOINTS },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: FONT_FAMILY,
        h1: { fontSize: '1.5rem', fontWeight: 600 },
        h2: { fontSize: '1.25rem', fontWeight: 600 },
        h3: { fontSize: '1.125rem', fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        ...touchComponents,
        MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
        MuiPaper: { defaultProps: { elevation: 0 } },
        MuiButtonBase: {
          styleOverrides: {
            // A visible focus ring for keyboard users on every button, link-button and list item.
            root: ({ theme }) => ({
              '&.Mui-focusVisible': {
                outline: `2px solid ${theme.vars.palette.primary.main}`,
                outlineOffset: 2,
              },
            }),
          },
        },
        MuiLink: {
          styleOverrides: {
            root: ({ theme }) => ({
              '&:focus-visible': {
                outline: `2px solid ${theme.vars.palette.primary.main}`,
                outlineOffset: 2,
              },
              ...touchLink,
            }),
          },
        },
        MuiTooltip: { defaultProps: { arrow: true } },
      },
    },
    MUI_LOCALES[language],
  );
}

const themes = new Map<Language, Theme>();

/**
 * The portal's theme in a language, built once and kept: building it takes ~10 ms of a desktop's CPU, and
 * app/start.tsx builds the first one in a task of its own, before React renders.
 */
export function portalTheme(language: Language): Theme {
  let theme = themes.get(language);
  if (!theme) {
    theme = createPortalTheme(language);
    themes.set(language, theme);
  }
  return theme;
}
