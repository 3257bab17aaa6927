import { loadPageTranslations } from '@/shared/i18n/i18n.ts';

type SignedInLayouts = typeof import('./signed-in.ts');

let loaded: SignedInLayouts | undefined;
let loading: Promise<SignedInLayouts> | undefined;

/**
 * Loads the main and internal layouts (header menus, side navigation, dialogs) and the signed-in pages'
 * strings, which public pages such as /login never show. The signed-in routes' loader awaits it, so
 * `RouteLayout` finds them loaded.
 */
export function loadSignedInLayouts(): Promise<SignedInLayouts> {
  loading ??= Promise.all([import('./signed-in.ts'), loadPageTranslations()]).then(
    ([layouts]) => {
      loaded = layouts;
      return layouts;
    },
    (error: unknown) => {
      loading = undefined; // retried on the next navigation
      throw error;
    },
  );
  return loading;
}

/** The layouts once loaded, else undefined. */
export function signedInLayouts(): SignedInLayouts | undefined {
  return loaded;
}
