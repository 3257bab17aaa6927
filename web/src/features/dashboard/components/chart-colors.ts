import { type Theme, useTheme } from '@mui/material/styles';

type PaletteKey = 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/**
 * Chart colours as the theme's CSS variables, so charts follow the light/dark scheme without re-rendering
 * (the theme object itself only holds the default scheme's values).
 */
export function useChartColors(): Record<PaletteKey, string> & { muted: string } {
  const theme: Theme = useTheme();
  const palette = (theme.vars ?? theme).palette;
  return {
    primary: palette.primary.main,
    secondary: palette.secondary.main,
    success: palette.success.main,
    warning: palette.warning.main,
    error: palette.error.main,
    info: palette.info.main,
    muted: palette.text.disabled,
  };
}
