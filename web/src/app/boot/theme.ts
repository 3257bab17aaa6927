/**
 * Boot step 5 (main.tsx): the theme's module (MUI's createTheme and the portal's theme), in a task of its own.
 */
export { portalTheme } from '@/shared/theme/theme.ts';
