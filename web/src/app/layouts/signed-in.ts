/** The signed-in pages' layouts (header, menus, side navigation): one chunk, loaded by `signed-in-layouts.ts`. */
export { InternalLayout } from './internal/InternalLayout.tsx';
export { MainLayout } from './main/MainLayout.tsx';
