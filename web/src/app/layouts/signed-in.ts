/**
 * What only signed-in pages show, one chunk loaded by `signed-in-layouts.ts`: the layouts (header, menus,
 * side navigation) and the identity dialogs of every signed-in page (AuthenticatedOutlet).
 */
export { AuthenticatedOutlet } from '@/features/auth/AuthenticatedOutlet.tsx';
export { InternalLayout } from './internal/InternalLayout.tsx';
export { LiveUpdates } from './LiveUpdates.tsx';
export { MainLayout } from './main/MainLayout.tsx';
