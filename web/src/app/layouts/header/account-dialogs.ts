import { lazy } from 'react';

/**
 * The account menu's dialogs, each in its own chunk (issue 24 item 2): no signed-in page needs them for its
 * first paint. `preloadAccountDialogs` fetches them once the page has settled, so a dialog opens at once.
 */
const load = {
  profile: () => import('./ProfileDialogs.tsx'),
  appearance: () => import('@/features/appearance/AppearanceDialog.tsx'),
  about: () => import('@/features/about/AboutDialog.tsx'),
};

export const ProfileDialogs = lazy(async () => ({ default: (await load.profile()).ProfileDialogs }));
export const AppearanceDialog = lazy(async () => ({ default: (await load.appearance()).AppearanceDialog }));
export const AboutDialog = lazy(async () => ({ default: (await load.about()).AboutDialog }));

export function preloadAccountDialogs(): void {
  for (const chunk of Object.values(load)) chunk().catch(() => undefined); // tried again when opened
}
