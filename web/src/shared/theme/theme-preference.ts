/** Where MUI's colour-scheme manager keeps the user's System / Light / Dark choice (SPEC §3 Theme preference). */
export const THEME_STORAGE_KEY = 'partner-portal.theme';
/** MUI also remembers the resolved light/dark scheme; kept under the portal's own prefix. */
export const COLOR_SCHEME_STORAGE_KEY = 'partner-portal.color-scheme';

export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const DEFAULT_THEME_MODE: ThemeMode = 'system';
