/**
 * Boot step 3 (main.tsx): the theme's module, with MUI's texts in the portal's languages (each formats
 * numbers with an Intl.NumberFormat it builds as it loads: slow the first time), in a task of its own.
 */
export { portalTheme } from '@/shared/theme/theme.ts';
