import { lazy } from 'react';

const load = () => import('./menu-lists.tsx');

/** Starts loading the header menus (on hover or focus of a header button), so opening one does not wait. */
export function preloadHeaderMenus(): void {
  void load().catch(() => undefined);
}

export const LanguageMenuList = lazy(async () => ({ default: (await load()).LanguageMenuList }));
export const ThemeMenuList = lazy(async () => ({ default: (await load()).ThemeMenuList }));
